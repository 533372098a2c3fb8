import { emptyRule, type RepeatRule, type Weekday, type WeekdayOrdinal } from './repeat-rule.ts';

/*
 * Repeat phrases typed in the one-line new-task form, in English and Spanish: "every mon wed", "every 3 days",
 * "every last friday", "every 1st", "cada 3 días", "cada lunes", "todos los días", "el último viernes de cada
 * mes"… Date parsers (chrono) read a day, not a rule, so this finds the rule first and the date parser reads what
 * is left. Both languages are always tried: a member may write in the one the interface is not in.
 */

/** Where a phrase was found in the text, and the rule it says (its start, weekday or day left open). */
export type RepeatPhrase = { index: number; length: number; rule: RepeatRule };

/**
 * The text in lower case without accents, letter for letter the same length, so a match's index is the
 * original's: "Miércoles" → "miercoles", "AÑO" → "ano".
 */
export function foldText(text: string): string {
  let folded = '';
  for (const char of text.toLowerCase()) {
    const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
    folded += bare.length === char.length ? bare : char;
  }
  return folded;
}

const WEEKDAY_WORDS: Record<Weekday, string> = {
  MO: 'mon(?:day)?|lun(?:es)?',
  TU: 'tue(?:s|sday)?|mar(?:tes)?',
  WE: 'wed(?:nesday)?|mie(?:rcoles)?',
  TH: 'thu(?:r|rs|rsday)?|jue(?:ves)?',
  FR: 'fri(?:day)?|vie(?:rnes)?',
  SA: 'sat(?:urday)?|sab(?:ado)?',
  SU: 'sun(?:day)?|dom(?:ingo)?',
};

/** A weekday in either language, long or short, singular or plural ("mondays", "sábados"). */
const WEEKDAY = `(?:${Object.values(WEEKDAY_WORDS).join('|')})s?`;
/** "mon wed", "mon, wed and fri", "lunes y miércoles", "mon/wed". */
const WEEKDAY_LIST = `${WEEKDAY}(?:(?:\\s*[,/&]\\s*|\\s+and\\s+|\\s+y\\s+|\\s*,\\s*(?:and|y)\\s+|\\s+)${WEEKDAY})*`;

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  other: 2,
  uno: 1,
  un: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
};
/** "3", "three", "other", "tres". */
const COUNT = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})`;

const ORDINAL_WORDS: Record<string, WeekdayOrdinal> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
  last: -1,
  primer: 1,
  primero: 1,
  '1er': 1,
  '1o': 1,
  segundo: 2,
  '2do': 2,
  '2o': 2,
  tercer: 3,
  tercero: 3,
  '3er': 3,
  '3o': 3,
  cuarto: 4,
  '4to': 4,
  '4o': 4,
  quinto: 5,
  '5to': 5,
  '5o': 5,
  ultimo: -1,
};
const ORDINAL = `(${Object.keys(ORDINAL_WORDS).join('|')})`;
/** "1st", "15th", "31". */
const MONTH_DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const OF_MONTH_EN = '(?:\\s+of\\s+(?:the|each|every)\\s+month)?';
const OF_MONTH_ES = '(?:\\s+de\\s+(?:cada|todos\\s+los)\\s+mes(?:es)?)?';
const DAY_ES = 'dias?';

type Pattern = { source: string; rule: (groups: (string | undefined)[]) => RepeatRule | null };

const count = (word: string | undefined): number => NUMBER_WORDS[word ?? ''] ?? Number(word);

function weekdaysIn(list: string): Weekday[] {
  const found = new Set<Weekday>();
  for (const word of list.split(/[\s,/&]+/)) {
    for (const [day, words] of Object.entries(WEEKDAY_WORDS) as [Weekday, string][]) {
      if (new RegExp(`^(?:${words})s?$`).test(word)) found.add(day);
    }
  }
  return [...found];
}

const WORKWEEK: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];
const WEEKEND: Weekday[] = ['SA', 'SU'];

const every = (freq: RepeatRule['freq'], interval = 1): RepeatRule => ({ ...emptyRule(freq), interval });
const weekly = (byDay: Weekday[], interval = 1): RepeatRule => ({ ...every('WEEKLY', interval), byDay });
const monthlyOn = (day: number, interval = 1): RepeatRule | null =>
  day >= 1 && day <= 31 ? { ...every('MONTHLY', interval), monthDay: day } : null;
const monthlyNth = (
  ordinal: string | undefined,
  weekday: string | undefined,
  interval = 1,
): RepeatRule | null => {
  const n = ORDINAL_WORDS[ordinal ?? ''];
  const [day] = weekdaysIn(weekday ?? '');
  return n !== undefined && day ? { ...every('MONTHLY', interval), nthWeekday: { n, weekday: day } } : null;
};

/** Every phrase, in both languages, as a source over folded text and what it means. */
const patterns: Pattern[] = [
  // English
  { source: 'every\\s*day|daily|everyday', rule: () => every('DAILY') },
  { source: `every\\s+${COUNT}\\s+days?`, rule: ([n]) => every('DAILY', count(n)) },
  {
    source: 'every\\s+(?:week\\s*day|work\\s*day|business\\s+day)s?|on\\s+weekdays',
    rule: () => weekly(WORKWEEK),
  },
  { source: 'every\\s+weekends?|on\\s+weekends', rule: () => weekly(WEEKEND) },
  {
    source: `every\\s+${COUNT}\\s+weeks?(?:\\s+on\\s+(${WEEKDAY_LIST}))?`,
    rule: ([n, list]) => weekly(weekdaysIn(list ?? ''), count(n)),
  },
  {
    source: `(?:every\\s+week|weekly)(?:\\s+on\\s+(${WEEKDAY_LIST}))?`,
    rule: ([list]) => weekly(weekdaysIn(list ?? '')),
  },
  {
    source: `every\\s+(other\\s+)?(${WEEKDAY_LIST})`,
    rule: ([other, list]) => weekly(weekdaysIn(list ?? ''), other ? 2 : 1),
  },
  {
    source: `every\\s+${COUNT}\\s+months?(?:\\s+on\\s+the\\s+${MONTH_DAY})?`,
    rule: ([n, day]) => (day ? monthlyOn(Number(day), count(n)) : every('MONTHLY', count(n))),
  },
  {
    source: `(?:every\\s+month|monthly)(?:\\s+on\\s+the\\s+(?:${MONTH_DAY}|(last\\s+day)))?`,
    rule: ([day, last]) =>
      last ? { ...every('MONTHLY'), monthDay: -1 } : day ? monthlyOn(Number(day)) : every('MONTHLY'),
  },
  {
    source: `every\\s+(?:month\\s+on\\s+the\\s+)?(\\d{1,2})(?:st|nd|rd|th)${OF_MONTH_EN}`,
    rule: ([day]) => monthlyOn(Number(day)),
  },
  { source: `every\\s+last\\s+day${OF_MONTH_EN}`, rule: () => ({ ...every('MONTHLY'), monthDay: -1 }) },
  {
    source: `every\\s+${ORDINAL}\\s+(${WEEKDAY})${OF_MONTH_EN}`,
    rule: ([ordinal, day]) => monthlyNth(ordinal, day),
  },
  { source: `every\\s+${COUNT}\\s+years?`, rule: ([n]) => every('YEARLY', count(n)) },
  { source: 'every\\s+year|yearly|annually', rule: () => every('YEARLY') },

  // Spanish (folded: "días" is "dias", "año" is "ano")
  { source: 'todos\\s+los\\s+dias|cada\\s+dia|diariamente|a\\s+diario', rule: () => every('DAILY') },
  { source: `cada\\s+${COUNT}\\s+dias`, rule: ([n]) => every('DAILY', count(n)) },
  {
    source: `(?:(?:todos\\s+los|cada)\\s+)?${DAY_ES}\\s+(?:laborables?|habiles?|de\\s+semana)|entre\\s+semana|de\\s+lunes\\s+a\\s+viernes`,
    rule: () => weekly(WORKWEEK),
  },
  {
    source: '(?:todos\\s+los|cada|los)\\s+fin(?:es)?\\s+de\\s+semana',
    rule: () => weekly(WEEKEND),
  },
  {
    source: `cada\\s+${COUNT}\\s+semanas(?:\\s+(?:el|los)\\s+(${WEEKDAY_LIST}))?`,
    rule: ([n, list]) => weekly(weekdaysIn(list ?? ''), count(n)),
  },
  {
    source: `(?:cada\\s+semana|todas\\s+las\\s+semanas|semanalmente)(?:\\s+(?:el|los)\\s+(${WEEKDAY_LIST}))?`,
    rule: ([list]) => weekly(weekdaysIn(list ?? '')),
  },
  {
    source: `(?:cada|todos\\s+los|los)\\s+(${WEEKDAY_LIST})`,
    rule: ([list]) => weekly(weekdaysIn(list ?? '')),
  },
  {
    source: `cada\\s+${COUNT}\\s+meses(?:\\s+el\\s+(?:dia\\s+)?(\\d{1,2}))?`,
    rule: ([n, day]) => (day ? monthlyOn(Number(day), count(n)) : every('MONTHLY', count(n))),
  },
  {
    source: `(?:cada\\s+mes|todos\\s+los\\s+meses|mensualmente)(?:\\s+el\\s+(?:dia\\s+(\\d{1,2})|(\\d{1,2})|(ultimo\\s+dia)))?`,
    rule: ([day, bare, last]) =>
      last
        ? { ...every('MONTHLY'), monthDay: -1 }
        : day || bare
          ? monthlyOn(Number(day ?? bare))
          : every('MONTHLY'),
  },
  {
    source: `(?:cada|todos\\s+los)\\s+${DAY_ES}\\s+(\\d{1,2})(?![\\d:.])${OF_MONTH_ES}`,
    rule: ([day]) => monthlyOn(Number(day)),
  },
  {
    source:
      '(?:el\\s+|cada\\s+)?(?:dia\\s+)?(\\d{1,2}|primero)\\s+de\\s+(?:cada|todos\\s+los)\\s+mes(?:es)?|cada\\s+(\\d{1,2}|primero)\\s+de\\s+mes',
    rule: ([day, other]) => {
      const value = day ?? other;
      return monthlyOn(value === 'primero' ? 1 : Number(value));
    },
  },
  {
    source: '(?:(?:cada|el)\\s+)?ultimo\\s+dia\\s+de(?:l|\\s+cada)\\s+mes',
    rule: () => ({ ...every('MONTHLY'), monthDay: -1 }),
  },
  {
    source: `(?:cada|todos\\s+los)\\s+${ORDINAL}s?\\s+(${WEEKDAY})${OF_MONTH_ES}|el\\s+${ORDINAL}\\s+(${WEEKDAY})\\s+de\\s+(?:cada|todos\\s+los)\\s+mes(?:es)?`,
    rule: ([ordinal, day, ordinal2, day2]) => monthlyNth(ordinal ?? ordinal2, day ?? day2),
  },
  { source: `cada\\s+${COUNT}\\s+anos`, rule: ([n]) => every('YEARLY', count(n)) },
  { source: 'cada\\s+ano|todos\\s+los\\s+anos|anualmente', rule: () => every('YEARLY') },
];

/** A phrase is whole words: nothing of a word before it or after it. */
const compiled = patterns.map(({ source, rule }) => ({
  regex: new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, 'gu'),
  rule,
}));

/**
 * The repeat phrase in `text`, or null: the one that starts first, and of those the longest ("cada 3 días" over
 * "cada 3"). A phrase with an impossible value ("every 0 days", "every 32nd") is no phrase.
 */
export function findRepeatPhrase(text: string): RepeatPhrase | null {
  const folded = foldText(text);
  let best: RepeatPhrase | null = null;
  for (const { regex, rule } of compiled) {
    regex.lastIndex = 0;
    for (const match of folded.matchAll(regex)) {
      const found = rule(match.slice(1));
      if (!found || !Number.isInteger(found.interval) || found.interval < 1) continue;
      const candidate = { index: match.index, length: match[0].length, rule: found };
      if (
        !best ||
        candidate.index < best.index ||
        (candidate.index === best.index && candidate.length > best.length)
      ) {
        best = candidate;
      }
    }
  }
  return best;
}
