import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { profiles, users } from '#server/db/schema.ts';
import { notFound } from '#server/lib/errors.ts';
import { assertTimeZone } from '#server/lib/time-zone.ts';
import { DEFAULT_DISPLAY_NAME, type ProfileMe } from '#shared/profile.ts';
import { computeDashboardStats } from '../dashboard/dashboard.service.ts';
import { getAiChoice } from './profile.service.ts';
import { readStoredThemes } from './profile-presenter.ts';

/**
 * `GET /api/profile/me` (part 1 §7, part 2 §3/§7): the member's account and profile merged with their defaults,
 * and today's stats from the dashboard's own computation. "Today" is the day in the profile's time zone, else in
 * `requestedTimeZone` (the browser's), else UTC.
 */
export async function getProfileMe(
  db: Db,
  userId: number,
  requestedTimeZone: string | undefined,
  now: Date,
): Promise<ProfileMe> {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound('Your account');
  const { user, profile } = row;
  const timeZone = profile?.timeZone ?? (requestedTimeZone ? assertTimeZone(requestedTimeZone) : 'UTC');
  const [choice, stats] = await Promise.all([
    getAiChoice(db, userId),
    computeDashboardStats(db, userId, timeZone, now),
  ]);
  return {
    display_name: profile?.displayName || DEFAULT_DISPLAY_NAME,
    email: user.email,
    avatar_url: profile?.avatarUrl || user.picture || null,
    status: profile?.status ?? null,
    ai_provider: choice.provider,
    ai_model: choice.model,
    wallpaper_url: profile?.wallpaperUrl ?? null,
    wallpaper_css: profile?.wallpaperCss ?? null,
    ...readStoredThemes(profile ?? undefined),
    time_zone: profile?.timeZone ?? null,
    member_since: user.createdAt.toISOString(),
    last_visit: user.lastSignedInAt.toISOString(),
    stats: { tasksToday: stats.tasks_today, pomodoros: stats.pomodoros_today, streakDays: stats.streak_days },
  };
}
