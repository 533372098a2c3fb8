import type { Db } from '#server/db/database.ts';
import type { Dashboard } from '#shared/dashboard.ts';
import { GALLERY } from '#shared/media.ts';
import type { Task } from '#shared/tasks.ts';
import { listEarnedBadges } from '../badges/badges.service.ts';
import { getCalendarWeek } from '../calendar/calendar.service.ts';
import { listMedia } from '../media/media.service.ts';
import { listTracks } from '../music/music.service.ts';
import { listTasksJson } from '../tasks/tasks.service.ts';
import { listWidgets } from '../widgets/widgets.service.ts';
import { computeDashboardStats } from './dashboard.service.ts';

/**
 * Everything the dashboard's cards show at first (`GET /api/dashboard`), read side by side: each part is what its
 * own route answers, from that feature's own service, so the browser can file it under that route's query. The
 * member's profile is not here: the app shell reads it on every page.
 */
export async function loadDashboard(db: Db, userId: number, timeZone: string, now: Date): Promise<Dashboard> {
  const [stats, tasks, badges, tracks, recentMedia, widgets, calendarWeek] = await Promise.all([
    computeDashboardStats(db, userId, timeZone, now),
    listTasksJson(db, userId).then((json) => JSON.parse(json) as Task[]),
    listEarnedBadges(db, userId),
    listTracks(db, userId),
    listMedia(db, userId, { limit: GALLERY.recentCount, type: 'all', favorites: false, q: '' }),
    listWidgets(db, userId),
    getCalendarWeek(db, userId, { fallbackTimeZone: timeZone }, now),
  ]);
  return {
    stats,
    tasks,
    badges,
    tracks,
    recent_media: recentMedia,
    widgets,
    calendar_week: calendarWeek,
  };
}
