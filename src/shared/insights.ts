import { z } from 'zod';
import { timeZoneSchema } from './time-zone.ts';

/**
 * Insights: the member's focus and finished tasks over a range of their days, the streak, a year of focus as a
 * heatmap, this week beside last week, and a weekly review (its numbers, and on request an AI-written summary).
 * Every day is the member's day in their zone (the one asked for, else the profile's, else UTC).
 */

export const INSIGHTS_LIMITS = {
  /** The longest range one call answers, in days (a leap year). */
  rangeDaysMax: 366,
  /** The range when none is asked for: the 30 days ending today. */
  defaultRangeDays: 30,
  /** The heatmap's days, ending at `to`. */
  heatmapDays: 365,
  /** Rows of the by-task and by-label lists (the most focused first). */
  breakdownRows: 20,
  /** The longest weekly review text kept from a model's answer (plain text). */
  reviewCharsMax: 1_200,
} as const;

/** Streaks that earn a badge (badges `streak_7`, `streak_30`). */
export const STREAK_BADGE_DAYS = { streak_7: 7, streak_30: 30 } as const;

/**
 * `GET /api/insights?from=&to=&time_zone=`: `from` and `to` are days of the member's (inclusive), at most
 * `rangeDaysMax` apart; `to` defaults to today, `from` to the 30 days ending at `to`.
 */
export const insightsQuerySchema = z.object({
  from: z.iso.date('A day is YYYY-MM-DD').optional(),
  to: z.iso.date('A day is YYYY-MM-DD').optional(),
  time_zone: timeZoneSchema.optional(),
});
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

const count = z.number().int().min(0);

/** One of the member's days: focus completed (minutes, sessions) and tasks completed. */
export const insightsDaySchema = z
  .object({
    day: z.iso.date(),
    focus_minutes: count,
    focus_sessions: count,
    /** Completions: a repeating task counts once per occurrence completed. */
    tasks_completed: count,
  })
  .meta({ id: 'InsightsDay' });
export type InsightsDay = z.infer<typeof insightsDaySchema>;

/** A week (Monday to Sunday) of the range: only its days inside the range are counted. */
export const insightsWeekSchema = insightsDaySchema
  .omit({ day: true })
  .extend({ week_start: z.iso.date() })
  .meta({ id: 'InsightsWeek' });
export type InsightsWeek = z.infer<typeof insightsWeekSchema>;

/** Focus on one task: `task_id` null is focus that named no task. */
export const insightsByTaskSchema = z
  .object({
    task_id: z.number().int().nullable(),
    title: z.string().nullable(),
    focus_minutes: count,
    focus_sessions: count,
  })
  .meta({ id: 'InsightsByTask' });
export type InsightsByTask = z.infer<typeof insightsByTaskSchema>;

/** Focus by the labels of its task (a task with two labels counts for both); `label` null: no label or task. */
export const insightsByLabelSchema = z
  .object({ label: z.string().nullable(), focus_minutes: count, focus_sessions: count })
  .meta({ id: 'InsightsByLabel' });
export type InsightsByLabel = z.infer<typeof insightsByLabelSchema>;

/** A week's numbers: focus, tasks completed and days with either. */
export const weekNumbersSchema = z
  .object({
    week_start: z.iso.date(),
    focus_minutes: count,
    focus_sessions: count,
    tasks_completed: count,
    active_days: count,
  })
  .meta({ id: 'WeekNumbers' });
export type WeekNumbers = z.infer<typeof weekNumbersSchema>;

export const streakSchema = z
  .object({
    /** Days in a row with a completed focus session or task, ending today (or yesterday while today is open). */
    current: count,
    /** The most days in a row ever. */
    longest: count,
  })
  .meta({ id: 'Streak' });
export type Streak = z.infer<typeof streakSchema>;

export const insightsSchema = z
  .object({
    time_zone: z.string(),
    from: z.iso.date(),
    to: z.iso.date(),
    /** Every day of the range, in order, days without anything included. */
    days: z.array(insightsDaySchema),
    /** The Monday weeks the range touches, in order. */
    weeks: z.array(insightsWeekSchema),
    by_task: z.array(insightsByTaskSchema),
    by_label: z.array(insightsByLabelSchema),
    totals: z.object({
      focus_minutes: count,
      focus_sessions: count,
      tasks_completed: count,
      active_days: count,
    }),
    streak: streakSchema,
    /** Focus minutes of the 365 days ending at `to`, each day, in order. */
    heatmap: z.array(z.object({ day: z.iso.date(), focus_minutes: count })),
    /** The week (Monday to Sunday) holding `to`, and the one before it. */
    this_week: weekNumbersSchema,
    last_week: weekNumbersSchema,
  })
  .meta({ id: 'Insights' });
export type Insights = z.infer<typeof insightsSchema>;

/** `POST /api/insights/weekly-review`: the zone as the browser knows it, for a member with no saved zone. */
export const weeklyReviewRequestSchema = z.object({ time_zone: timeZoneSchema.optional() }).strict();

export const weeklyReviewSchema = z
  .object({
    this_week: weekNumbersSchema,
    last_week: weekNumbersSchema,
    streak: streakSchema,
    /** The task and label most focused on this week, if any. */
    top_task: z.string().nullable(),
    top_label: z.string().nullable(),
    /** The model's summary of those numbers, plain text, in the member's language. */
    text: z.string().max(INSIGHTS_LIMITS.reviewCharsMax),
    lang: z.enum(['en', 'es']),
  })
  .meta({ id: 'WeeklyReview' });
export type WeeklyReview = z.infer<typeof weeklyReviewSchema>;
