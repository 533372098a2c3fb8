import { z } from 'zod';
import { badgeTypeSchema } from './badges.ts';
import { pomodoroTimerSchema } from './pomodoro.ts';

const id = z.number().int();

/**
 * `GET /api/events` (server-sent events). Every open community page hears about posts, likes, comments, edits
 * and deletions; a member alone hears about the badges they earn. The event name is `type`; data is the JSON.
 */
export const liveEventSchemas = {
  'post.created': z.object({ postId: id }),
  'post.updated': z.object({ postId: id }),
  'post.deleted': z.object({ postId: id }),
  'post.liked': z.object({ postId: id, likes: z.number().int() }),
  'comment.created': z.object({ postId: id, commentId: id, commentsCount: z.number().int() }),
  'badge.earned': z.object({ badge_type: badgeTypeSchema }),
  /** The member's focus timer changed (any of their tabs or devices): the timer as it now stands. */
  'pomodoro.timer': pomodoroTimerSchema,
  /** A notification reached the member's centre: its id and how many are unread now. */
  'notification.created': z.object({ id, unread: z.number().int() }),
  /** The member's tasks changed elsewhere (a reminder's Done, another device): lists refetch. */
  'tasks.changed': z.object({}),
  /**
   * Between servers only, never written to a stream: one of the member's sessions ended (logout), so each of
   * their open streams checks its own session and closes if it was that one.
   */
  'session.ended': z.object({}),
} as const;
export type LiveEventType = keyof typeof liveEventSchemas;
/**
 * Sent once as each connection opens, before any event. Nothing is replayed across a reconnect, so a page that
 * hears `ready` again refetches what it shows.
 */
export const LIVE_READY_EVENT = 'ready';
export type LiveEvent = {
  [T in LiveEventType]: { type: T; data: z.infer<(typeof liveEventSchemas)[T]> };
}[LiveEventType];
