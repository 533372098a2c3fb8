import { RRule, rrulestr } from 'rrule';

/*
 * The server's repeat rules as the task fake runs them (rrule, the library the server keeps): enough for the
 * browser's tests to see a completion move a task to its next date, or leave it done when its rule has ended.
 */

const ALLOWED = new Set([RRule.DAILY, RRule.WEEKLY, RRule.MONTHLY, RRule.YEARLY]);

const compact = (day: string) => day.replaceAll('-', '');

function ruleFrom(repeat: string, start: string): RRule {
  const body = repeat.replace(/^RRULE:/i, '');
  return rrulestr(`DTSTART:${compact(start)}T000000Z\nRRULE:${body}`) as RRule;
}

/** The rule without its prefix, or null when the server would refuse it (400 naming `repeat`). */
export function checkRepeat(repeat: string, start: string): string | null {
  try {
    const rule = ruleFrom(repeat, start);
    if (!ALLOWED.has(rule.options.freq)) return null;
    if (rule.after(new Date(`${start}T00:00:00Z`), true) === null) return null;
    return repeat.replace(/^RRULE:/i, '');
  } catch {
    return null;
  }
}

/** "Every month on the 1st": the rule in words (the fake speaks English only). */
export function repeatText(repeat: string): string {
  const text = RRule.fromString(repeat.replace(/^RRULE:/i, '')).toText();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The first date of the rule, counted from `start`, after `after`; null once the rule has ended. */
export function nextOccurrence(repeat: string, start: string, after: string): string | null {
  const next = ruleFrom(repeat, start).after(new Date(`${after}T00:00:00Z`), false);
  return next ? next.toISOString().slice(0, 10) : null;
}
