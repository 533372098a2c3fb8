import type { Db } from '#server/db/database.ts';
import { listEarnedBadges } from '#server/features/badges/badges.service.ts';
import { getCalendarWeek } from '#server/features/calendar/calendar.service.ts';
import { computeDashboardStats } from '#server/features/dashboard/dashboard.service.ts';
import { listMedia } from '#server/features/media/media.service.ts';
import { listTracks } from '#server/features/music/music.service.ts';
import { listNotifications } from '#server/features/notifications/notifications.service.ts';
import { readTimer } from '#server/features/pomodoro/pomodoro-timer.service.ts';
import {
  presentProfileMe,
  profileTimeZone,
  readAccountAndProfile,
} from '#server/features/profile/profile-me.service.ts';
import { listTasksJson } from '#server/features/tasks/tasks.service.ts';
import { listWidgets } from '#server/features/widgets/widgets.service.ts';
import type { Dashboard } from '#shared/dashboard.ts';
import { GALLERY } from '#shared/media.ts';
import type { Task } from '#shared/tasks.ts';

/**
 * Everything the dashboard shows at first (`GET /api/dashboard`), read side by side: each part is what its own
 * route answers, from that feature's own service, so the browser can file it under that route's query. The
 * profile comes first: its saved zone is the calendar's, and when it is the zone asked for, the profile's stats
 * are the dashboard's own (one computation, not two).
 */
export async function loadDashboard(db: Db, userId: number, timeZone: string, now: Date): Promise<Dashboard> {
  const account = await readAccountAndProfile(db, userId);
  const memberZone = profileTimeZone(account, timeZone);
  const [
    stats,
    memberZoneStats,
    tasks,
    badges,
    tracks,
    recentMedia,
    widgets,
    calendarWeek,
    notifications,
    timer,
  ] = await Promise.all([
    computeDashboardStats(db, userId, timeZone, now),
    memberZone === timeZone ? null : computeDashboardStats(db, userId, memberZone, now),
    listTasksJson(db, userId).then((json) => JSON.parse(json) as Task[]),
    listEarnedBadges(db, userId),
    listTracks(db, userId),
    listMedia(db, userId, { limit: GALLERY.recentCount, type: 'all', favorites: false, q: '' }),
    listWidgets(db, userId),
    getCalendarWeek(db, userId, { timeZone: memberZone }, now),
    listNotifications(db, userId, undefined),
    readTimer(db, userId, now),
  ]);
  return {
    profile: presentProfileMe(account, memberZoneStats ?? stats),
    stats,
    tasks,
    badges,
    tracks,
    recent_media: recentMedia,
    widgets,
    calendar_week: calendarWeek,
    notifications,
    timer,
  };
}
