import type { Db } from '#server/db/database.ts';
import { computeDashboardStats } from '#server/features/dashboard/dashboard.service.ts';
import {
  presentProfileMe,
  profileTimeZone,
  readAccountAndProfile,
} from '#server/features/profile/profile-me.service.ts';
import type { ProfileMe } from '#shared/profile.ts';

/**
 * `GET /api/profile/me`: the member's account and profile merged with their defaults,
 * and today's stats from the dashboard's own computation. "Today" is the day in the profile's time zone, else in
 * `requestedTimeZone` (the browser's), else UTC.
 */
export async function getProfileMe(
  db: Db,
  userId: number,
  requestedTimeZone: string | undefined,
  now: Date,
): Promise<ProfileMe> {
  const account = await readAccountAndProfile(db, userId);
  const stats = await computeDashboardStats(db, userId, profileTimeZone(account, requestedTimeZone), now);
  return presentProfileMe(account, stats);
}
