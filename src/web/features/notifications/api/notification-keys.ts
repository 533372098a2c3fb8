/** The notification centre's and this feature's query keys, in one place: live events and writes change them. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The centre's list, a page at a time; its first page also gives the bell its unread count. */
  list: ['notifications', 'list'] as const,
  settings: ['notifications', 'settings'] as const,
  devices: ['notifications', 'push-devices'] as const,
};
