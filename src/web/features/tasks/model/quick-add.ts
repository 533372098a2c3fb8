import type { ParsedResult, Parser } from 'chrono-node';
import { casual as englishCasual } from 'chrono-node/en';
import { casual as spanishCasual } from 'chrono-node/es';
import type { Language } from '#shared/language.ts';
import { addDays, localDay, localTime } from './calendar-day.ts';
import { findRepeatPhrase, foldText } from './repeat-phrases.ts';
import { anchorRule, firstOccurrence, formatRule, type RepeatRule } from './repeat-rule.ts';

/*
 * The one-line new-task form's reading of what was typed: "gym every mon wed 7am" is the task "gym", from the next
 * Monday or Wednesday at 07:00, repeating every Monday and Wednesday. Dates and times are read by chrono-node in
 * English and in Spanish, repeats by repeat-phrases.ts. Pure: the same text and `now` always read the same. This
 * module carries chrono, so the form loads it only once the member starts typing.
 */

export type QuickAddPart = 'date' | 'time' | 'repeat';

export type QuickAdd = {
  /** The title without the words that said the date, the time or the repeat. */
  title: string;
  due_date: string | null;
  due_time: string | null;
  /** RRULE text, its start's weekday or day said outright (`anchorRule`). */
  repeat: string | null;
  rule: RepeatRule | null;
  /**
   * What was understood, for the chips: the date typed, or `derived` when it was not typed but follows from the
   * repeat (its first occurrence) or the time (today, or tomorrow once that time has passed).
   */
  understood: { date: 'typed' | 'derived' | null; time: boolean; repeat: boolean };
};

export type QuickAddOptions = {
  now: Date;
  /** The interface's language: read first when both languages read the same words. */
  language: Language;
  /** Parts the member took away (a chip removed): their words stay in the title. */
  ignore?: ReadonlySet<QuickAddPart>;
  /** A day chosen apart from the text (the form's date field): a repeat or a time with no date typed starts there. */
  startFrom?: string | null;
};

/** "pasado mañana", which chrono's Spanish reads as "mañana". */
const dayAfterTomorrow: Parser = {
  pattern: () => /(?<![\p{L}\p{N}])pasado\s+ma(?:ñ|n)ana(?![\p{L}\p{N}])/iu,
  extract: (context) => {
    const day = new Date(context.refDate);
    day.setDate(day.getDate() + 2);
    return { year: day.getFullYear(), month: day.getMonth() + 1, day: day.getDate() };
  },
};

const spanish = spanishCasual.clone();
spanish.parsers.unshift(dayAfterTomorrow);
const parsers: Record<Language, typeof englishCasual> = { en: englishCasual, es: spanish };

type Span = { start: number; end: number };

/**
 * The time's own words inside a date-and-time phrase ("tomorrow 5pm", "mañana a las 17:00"), so that either can be
 * taken away alone: a clock time with a colon, am/pm or h, or one after "at"/"a las".
 */
const TIME_WORDS =
  /(?:(?:at|@|a\s+las?)\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|hs?|hrs)?(?:\s+de\s+la\s+(?:manana|tarde|noche))?(?![\p{L}\p{N}])/gu;

function timeSpanIn(result: ParsedResult): Span | null {
  const folded = foldText(result.text);
  let found: Span | null = null;
  for (const match of folded.matchAll(TIME_WORDS)) {
    const words = match[0];
    if (!/[:@]|am|pm|a\.m|p\.m|\d\s*h|^(?:at|a\s+las?)\s/.test(words)) continue;
    found = { start: result.index + match.index, end: result.index + match.index + words.length };
  }
  return found;
}

/** Three letters that are a word as often as a day ("sun cream", "ir al mar"): not a date on their own. */
const LONE_SHORT_WORD = /^(?:sun|sat|wed|mar|dom|mie|jue|vie|sab|lun|may|march|mayo)$/;

/** `YYYY-MM-DD` of what chrono read, in the reference's own calendar. */
function dayOf(result: ParsedResult): string | null {
  const year = result.start.get('year');
  const month = result.start.get('month');
  const day = result.start.get('day');
  if (year === null || month === null || day === null) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function timeOf(result: ParsedResult): string | null {
  if (!result.start.isCertain('hour')) return null;
  const hour = result.start.get('hour') ?? 0;
  const minute = result.start.get('minute') ?? 0;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/**
 * A date or time phrase worth showing: a day, a weekday or a clock time said outright (not "March" alone, not a
 * lone "sun"), not in the past.
 */
function worthReading(result: ParsedResult, today: string): boolean {
  const { start } = result;
  const saysDay = start.isCertain('day') || start.isCertain('weekday');
  if (!saysDay && !start.isCertain('hour')) return false;
  if (LONE_SHORT_WORD.test(foldText(result.text.trim()))) return false;
  const day = dayOf(result);
  return day !== null && day >= today;
}

/** The longest date phrase either language reads in the text; on a tie the interface's language. */
function readDate(text: string, now: Date, language: Language): ParsedResult | null {
  const today = localDay(now);
  const order: Language[] = language === 'es' ? ['es', 'en'] : ['en', 'es'];
  let best: ParsedResult | null = null;
  for (const lang of order) {
    for (const result of parsers[lang].parse(text, now, { forwardDate: true })) {
      if (!worthReading(result, today)) continue;
      if (!best || result.text.length > best.text.length) best = result;
    }
  }
  return best;
}

/** Words that only tied the date to the title: "on Friday", "el viernes", "a las 10", "para el lunes". */
const CONNECTOR =
  /(?:^|\s)((?:a\s+las?|para\s+el|desde\s+el|on|at|by|for|due|from|starting|el|la|los|las|para|desde|en)\s+)$/;

/** The text without the spans (each with the connector before it), its spaces tidied. */
function withoutSpans(text: string, spans: readonly Span[]): string {
  const folded = foldText(text);
  const cut = spans.map((span) => {
    const before = folded.slice(0, span.start);
    // "a las 18:00" read from "las": the "a" goes with it (a lone "a" elsewhere is a word of the title).
    const connector = /^las?\s/.test(folded.slice(span.start))
      ? /(?:^|\s)(a\s+)$/.exec(before)
      : CONNECTOR.exec(before);
    return connector?.[1] ? { start: span.start - connector[1].length, end: span.end } : span;
  });
  let kept = '';
  for (let index = 0; index < text.length; index += 1) {
    kept += cut.some((span) => index >= span.start && index < span.end) ? ' ' : text[index];
  }
  return kept
    .replace(/\s+([,;.!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s,;:–-]+$/, '')
    .replace(/^[\s,;:–-]+/, '');
}

/** Today, or tomorrow once `time` has passed today. */
function nextDayAt(now: Date, time: string): string {
  const today = localDay(now);
  return time > localTime(now) ? today : addDays(today, 1);
}

/**
 * What the line says, or null when it says no date, time or repeat (or nothing else: "tomorrow" alone stays a
 * title). A time with no date is for today, or tomorrow once it has passed; a repeat with no date starts on its
 * first occurrence from today (from tomorrow when its time has passed today).
 */
export function parseQuickAdd(
  text: string,
  { now, language, ignore = new Set(), startFrom = null }: QuickAddOptions,
): QuickAdd | null {
  const spans: Span[] = [];
  const phrase = ignore.has('repeat') ? null : findRepeatPhrase(text);
  let rest = text;
  if (phrase) {
    spans.push({ start: phrase.index, end: phrase.index + phrase.length });
    // Blanked, not cut, so what the date parser finds keeps its place in the text.
    rest = text.slice(0, phrase.index) + ' '.repeat(phrase.length) + text.slice(phrase.index + phrase.length);
  }

  let typedDate: string | null = null;
  let time: string | null = null;
  const when = ignore.has('date') && ignore.has('time') ? null : readDate(rest, now, language);
  if (when) {
    const whole = { start: when.index, end: when.index + when.text.length };
    const hasDay = when.start.isCertain('day') || when.start.isCertain('weekday');
    const timeSpan = when.start.isCertain('hour') ? timeSpanIn(when) : null;
    const readTime = timeOf(when);
    const takeDate = hasDay && !ignore.has('date');
    const takeTime = readTime !== null && !ignore.has('time');
    if (takeDate) typedDate = dayOf(when);
    if (takeTime) time = readTime;
    if (takeDate && takeTime) spans.push(whole);
    else if (takeTime) spans.push(hasDay && timeSpan ? timeSpan : whole);
    else if (takeDate) {
      // The date's words without the time's, when they can be told apart.
      if (timeSpan && timeSpan.end === whole.end) spans.push({ start: whole.start, end: timeSpan.start });
      else if (timeSpan && timeSpan.start === whole.start)
        spans.push({ start: timeSpan.end, end: whole.end });
      else spans.push(whole);
    }
  }
  if (!phrase && typedDate === null && time === null) return null;

  const title = withoutSpans(text, spans);
  if (title === '') return null;

  let dueDate = typedDate;
  let rule: RepeatRule | null = null;
  if (phrase) {
    if (dueDate === null && startFrom) dueDate = firstOccurrence(phrase.rule, startFrom);
    if (dueDate === null) {
      const today = localDay(now);
      const first = firstOccurrence(phrase.rule, today);
      dueDate =
        first === today && time !== null && time <= localTime(now)
          ? firstOccurrence(phrase.rule, addDays(today, 1))
          : first;
    }
    rule = anchorRule(phrase.rule, dueDate);
  } else if (dueDate === null && time !== null) {
    dueDate = startFrom ?? nextDayAt(now, time);
  }

  return {
    title,
    due_date: dueDate,
    due_time: time,
    repeat: rule ? formatRule(rule) : null,
    rule,
    understood: {
      date: typedDate !== null ? 'typed' : dueDate !== null ? 'derived' : null,
      time: time !== null,
      repeat: rule !== null,
    },
  };
}
