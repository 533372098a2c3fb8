import { z } from 'zod';
import { earnedBadgeListSchema } from './badges.ts';
import { calendarWeekSchema } from './calendar.ts';
import { mediaPageSchema } from './media.ts';
import { trackListSchema } from './music.ts';
import { notificationListSchema } from './notifications.ts';
import { pomodoroTimerSchema } from './pomodoro.ts';
import { profileMeSchema } from './profile.ts';
import { taskListSchema } from './tasks.ts';
import { timeZoneSchema } from './time-zone.ts';
import { widgetListSchema } from './widgets.ts';

/**
 * `GET /api/dashboard/stats?time_zone=…`: the dashboard's four stat cards, computed from the member's
 * own data. "Today" is the member's day in their time zone.
 */
export const dashboardStatsQuerySchema = z.object({ time_zone: timeZoneSchema.optional() });

export const dashboardStatsSchema = z
  .object({
    /** Tasks completed today. */
    tasks_today: z.number().int(),
    /** Focus sessions completed today. */
    pomodoros_today: z.number().int(),
    /** Days in a row, ending today (or yesterday, while today is still open), with a completed focus session or task. */
    streak_days: z.number().int(),
    badges: z.number().int(),
  })
  .meta({ id: 'DashboardStats' });
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** `GET /api/dashboard?time_zone=…`: the member's zone as the browser knows it, for what has no saved zone. */
export const dashboardQuerySchema = z.object({ time_zone: timeZoneSchema.optional() });

/**
 * `GET /api/dashboard`: everything the dashboard's cards show at first, in one answer, each part exactly what its
 * own route answers (the browser files each under that route's query): one request and one session look-up
 * instead of eleven.
 */
export const dashboardSchema = z
  .object({
    /** As `GET /api/profile/me?time_zone=`: the profile card, and the theme and wallpaper the app restores. */
    profile: profileMeSchema,
    /** As `GET /api/dashboard/stats?time_zone=`. */
    stats: dashboardStatsSchema,
    /** As `GET /api/tasks`. */
    tasks: taskListSchema,
    /** As `GET /api/badges`. */
    badges: earnedBadgeListSchema,
    /** As `GET /api/music/list`. */
    tracks: trackListSchema,
    /** As `GET /api/media?limit=6`: the Recent Creations card. */
    recent_media: mediaPageSchema,
    /** As `GET /api/widgets`. */
    widgets: widgetListSchema,
    /** As `GET /api/calendar/week`, in the member's saved zone, else `time_zone`. */
    calendar_week: calendarWeekSchema,
    /** As `GET /api/notifications`: the centre's first page, with the unread count the bell shows. */
    notifications: notificationListSchema,
    /** As `GET /api/pomodoro/timer`: the member's focus timer. */
    timer: pomodoroTimerSchema,
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;
