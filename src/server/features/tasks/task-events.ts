import type { EventBus } from '#server/lib/infra/event-bus.ts';

/**
 * Tells the member's open pages, on every device and server, that their tasks changed (`tasks.changed`): a
 * reminder's Done pressed with no tab open, another device, an AI proposal applied. Pages refetch the list, whose
 * ETag makes an unchanged one cheap. Whoever writes tasks outside the task routes calls it too.
 */
export function announceTasksChanged(events: EventBus, userId: number): void {
  events.publish({ audience: { kind: 'member', userId }, event: { type: 'tasks.changed', data: {} } });
}
