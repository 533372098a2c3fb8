import { z } from 'zod';
import { timeZoneSchema } from './time-zone.ts';

/**
 * `GET /api/dashboard/stats?time_zone=…`: the four stat cards of part 1 §2, computed from the member's data (the
 * original showed sample values). "Today" is the member's day in their time zone.
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
