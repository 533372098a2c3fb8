import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '#shared/notifications.ts';
import { answerOf, api } from '#web/lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

/** `GET /api/notifications/settings`: per type push and in-app, quiet hours, and the zone they are in. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return answerOf(api.notifications.settings.$get({}, { init: { signal } }));
}

export function useNotificationSettings() {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.settings,
      queryFn: ({ signal }) => getNotificationSettings(signal),
    }),
  );
}

/** `PUT /api/notifications/settings`: answers the settings as they now stand. */
export function saveNotificationSettings(
  settings: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  return answerOf(api.notifications.settings.$put({ json: settings }));
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.settings, saved);
      // A type kept out of the centre now is no longer listed there.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}
