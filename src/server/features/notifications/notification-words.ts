import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { communityPosts, pomodoroSessions, postComments, profiles, tasks, users } from '#server/db/schema.ts';
import { addDays, localDateOf } from '#server/lib/data/time-zone.ts';
import { inLanguage, say } from '#server/lib/http/request-language.ts';
import { cutText } from '#shared/cut-text.ts';
import type { Language } from '#shared/language.ts';
import { type NotificationKind, notificationDataSchemas } from '#shared/notifications.ts';

/** What a notification says and opens, worded when it is sent. */
export type NotificationWords = {
  title: string;
  body: string;
  /** A path of the app the notification opens. */
  url: string;
  /** What it is about: a later notification with the same tag replaces this one on the device. */
  tag: string;
  data: Record<string, unknown>;
};

/** Titles and bodies are kept short in the centre; the push payload is cut further to fit (push-payload.ts). */
const TITLE_MAX = 200;
const BODY_MAX = 500;

type WordingContext = { db: Db; userId: number; language: Language; timeZone: string; now: Date };

/**
 * The words of a notification of `kind` with `data`, in the member's language, from what its subject is now (the
 * task's title, the comment's author). Null when there is nothing to tell any more: the task was deleted or done,
 * or has moved to another date since this reminder was planned; the post or the session is gone.
 */
export async function wordNotification(
  context: WordingContext,
  kind: NotificationKind,
  rawData: unknown,
): Promise<NotificationWords | null> {
  const words = await wordsOf(context, kind, rawData);
  if (!words) return null;
  return { ...words, title: cutText(words.title, TITLE_MAX), body: cutText(words.body, BODY_MAX) };
}

async function wordsOf(
  context: WordingContext,
  kind: NotificationKind,
  rawData: unknown,
): Promise<NotificationWords | null> {
  const speak = <T>(work: () => T) => inLanguage(context.language, work);
  switch (kind) {
    case 'task.reminder': {
      const data = notificationDataSchemas[kind].safeParse(rawData);
      if (!data.success) return null;
      return taskReminder(context, data.data);
    }
    case 'pomodoro.finished': {
      const data = notificationDataSchemas[kind].safeParse(rawData);
      if (!data.success) return null;
      const [session] = await context.db
        .select({ minutes: pomodoroSessions.durationMinutes })
        .from(pomodoroSessions)
        .where(
          and(eq(pomodoroSessions.id, data.data.session_id), eq(pomodoroSessions.userId, context.userId)),
        );
      return {
        title: speak(() => say('server.notifications.focusTitle')),
        body: speak(() =>
          session
            ? say('server.notifications.focusBody', { minutes: session.minutes })
            : say('server.notifications.focusBodyPlain'),
        ),
        url: '/focus',
        tag: `pomodoro:${data.data.session_id}`,
        data: data.data,
      };
    }
    case 'badge.earned': {
      const data = notificationDataSchemas[kind].safeParse(rawData);
      if (!data.success) return null;
      const name = speak(() => say('server.notifications.badgeName', { badge: data.data.badge_type }));
      return {
        title: speak(() => say('server.notifications.badgeTitle', { name })),
        body: speak(() => say('server.notifications.badgeBody', { name })),
        url: '/dashboard',
        tag: `badge:${data.data.badge_type}`,
        data: data.data,
      };
    }
    case 'community.comment':
      return communityComment(context, rawData);
    case 'push.test':
      return {
        title: speak(() => say('server.notifications.testTitle')),
        body: speak(() => say('server.notifications.testBody')),
        url: '/settings',
        tag: 'push.test',
        data: {},
      };
  }
}

/**
 * A task's reminder: its title, and when it is due on the member's clock ("Due at 17:00", "Due tomorrow",
 * "Due Fri, Dec 26 at 09:30"). `data.due` is `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` on the task's clock, or an
 * instant (with `Z` or an offset), read on it.
 */
async function taskReminder(
  context: WordingContext,
  data: { task_id: number; due: string },
): Promise<NotificationWords | null> {
  const [task] = await context.db
    .select({
      title: tasks.title,
      status: tasks.status,
      dueDate: tasks.dueDate,
      dueTime: tasks.dueTime,
      timeZone: tasks.timeZone,
    })
    .from(tasks)
    .where(and(eq(tasks.id, data.task_id), eq(tasks.userId, context.userId), isNull(tasks.deletedAt)));
  if (!task || task.status === 'done') return null;
  const zone = task.timeZone || context.timeZone;
  const due = readDue(data.due, zone) ?? (task.dueDate ? { date: task.dueDate, time: task.dueTime } : null);
  // Planned for an occurrence the task has moved on from (completed, rescheduled): nothing to remind of.
  if (due && task.dueDate && due.date !== task.dueDate) return null;
  const body = due ? dueWords(context, due, zone) : '';
  return {
    title: task.title,
    body,
    url: `/?task=${data.task_id}`,
    tag: `task:${data.task_id}`,
    data,
  };
}

/** A due moment as the member's calendar day and, when it has one, their clock time. */
export type Due = { date: string; time: string | null };

export function readDue(due: string, timeZone: string): Due | null {
  const local = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?$/.exec(due);
  if (local?.[1]) return { date: local[1], time: local[2] ?? null };
  const instant = new Date(due);
  if (!/[zZ]|[+-]\d{2}:?\d{2}$/.test(due) || Number.isNaN(instant.getTime())) return null;
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return { date: localDateOf(instant, timeZone), time };
}

function dueWords(context: WordingContext, due: Due, timeZone: string): string {
  const today = localDateOf(context.now, timeZone);
  const time = due.time;
  return inLanguage(context.language, () => {
    if (due.date <= today)
      return time ? say('server.notifications.dueAt', { time }) : say('server.notifications.dueToday');
    if (due.date === addDays(today, 1))
      return time
        ? say('server.notifications.dueTomorrowAt', { time })
        : say('server.notifications.dueTomorrow');
    const date = new Intl.DateTimeFormat(context.language, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${due.date}T12:00:00Z`));
    return time
      ? say('server.notifications.dueOnAt', { date, time })
      : say('server.notifications.dueOn', { date });
  });
}

/** Someone else's comment on the member's post: who wrote it on which post, and its first words. */
async function communityComment(
  context: WordingContext,
  rawData: unknown,
): Promise<NotificationWords | null> {
  const data = notificationDataSchemas['community.comment']
    .extend({ comment_id: notificationDataSchemas['community.comment'].shape.post_id.optional() })
    .safeParse(rawData);
  if (!data.success) return null;
  const { post_id: postId, comment_id: commentId } = data.data;
  const [post] = await context.db
    .select({ title: communityPosts.title })
    .from(communityPosts)
    .where(and(eq(communityPosts.id, postId), eq(communityPosts.authorId, context.userId)));
  if (!post) return null;
  const [comment] = commentId
    ? await context.db
        .select({
          body: postComments.body,
          name: sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.name})`,
        })
        .from(postComments)
        .innerJoin(users, eq(users.id, postComments.authorId))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(and(eq(postComments.id, commentId), eq(postComments.postId, postId)))
    : [];
  const title = inLanguage(context.language, () =>
    comment
      ? post.title
        ? say('server.notifications.commentTitle', { name: comment.name, post: cutText(post.title, 80) })
        : say('server.notifications.commentTitleNoPost', { name: comment.name })
      : say('server.notifications.commentFallback'),
  );
  return {
    title,
    body: comment?.body ?? '',
    url: `/community?post=${postId}`,
    tag: `post:${postId}:comments`,
    data: data.data,
  };
}
