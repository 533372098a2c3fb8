import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { profiles, users } from '#server/db/schema.ts';
import { assertTimeZone } from '#server/lib/data/time-zone.ts';
import { notFound } from '#server/lib/http/errors.ts';
import type { DashboardStats } from '#shared/dashboard.ts';
import { DEFAULT_DISPLAY_NAME, ownPictureOrNone, type ProfileMe } from '#shared/profile.ts';
import { aiChoiceOf, type ProfileRow } from './profile.service.ts';
import { readStoredThemes, storedLanguage } from './profile-presenter.ts';

/**
 * The member's account row and their profile row, if they saved one. This file holds the profile's own part of
 * `GET /api/profile/me`: the rows, the zone "today" is counted in, and the answer.
 * Today's stats are the dashboard's: src/server/composition/profile-me.ts puts the two together, and the
 * dashboard's first load (composition/dashboard-first-load.ts) does the same for its copy of this answer.
 */
export type AccountAndProfile = { user: typeof users.$inferSelect; profile: ProfileRow | null };

/** Both rows in one query. */
export async function readAccountAndProfile(db: Db, userId: number): Promise<AccountAndProfile> {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound('account');
  return row;
}

/** The zone "today" is counted in: the profile's, else the one asked for (the browser's), else UTC. */
export function profileTimeZone(account: AccountAndProfile, requestedTimeZone: string | undefined): string {
  return account.profile?.timeZone ?? (requestedTimeZone ? assertTimeZone(requestedTimeZone) : 'UTC');
}

/** The answer, from the rows and the stats of today in profileTimeZone. */
export function presentProfileMe({ user, profile }: AccountAndProfile, stats: DashboardStats): ProfileMe {
  const choice = aiChoiceOf(profile ?? undefined);
  return {
    // The name from sign-in until the member names themself, as the side bar and the community show them.
    display_name: profile?.displayName || user.name.trim() || DEFAULT_DISPLAY_NAME,
    email: user.email,
    // Only Lumara's copies: another host's picture would see who looks at it (`ownPictureOrNone`).
    avatar_url: ownPictureOrNone(profile?.avatarUrl) ?? ownPictureOrNone(user.picture),
    status: profile?.status ?? null,
    ai_provider: choice.provider,
    ai_model: choice.model,
    wallpaper_url: ownPictureOrNone(profile?.wallpaperUrl),
    wallpaper_css: profile?.wallpaperCss ?? null,
    ...readStoredThemes(profile ?? undefined),
    time_zone: profile?.timeZone ?? null,
    language: storedLanguage(profile?.language),
    member_since: user.createdAt.toISOString(),
    last_visit: user.lastSignedInAt.toISOString(),
    stats: { tasksToday: stats.tasks_today, pomodoros: stats.pomodoros_today, streakDays: stats.streak_days },
  };
}
