import { useMemo } from 'react';
import type { Language } from '#shared/language.ts';
import { useLanguage } from './use-t.ts';

type DateInput = Date | string | number;

const cache = new Map<
  string,
  Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.ListFormat
>();

/** Intl formatters are costly to make and used per row: one per language and options. */
function cached<
  F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.ListFormat,
>(kind: string, language: Language, options: object, make: () => F): F {
  const key = `${kind}|${language}|${JSON.stringify(options)}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter as F;
}

/**
 * Dates, times, numbers, relative times and lists in a language, through Intl. Pass `timeZone` (the member's,
 * `memberTimeZone(profile)`) wherever the day or the hour shown depends on it.
 */
export function formattersFor(language: Language) {
  return {
    language,
    date: (value: DateInput, options: Intl.DateTimeFormatOptions) =>
      cached('date', language, options, () => new Intl.DateTimeFormat(language, options)).format(
        new Date(value),
      ),
    dateParts: (value: DateInput, options: Intl.DateTimeFormatOptions) =>
      cached('date', language, options, () => new Intl.DateTimeFormat(language, options)).formatToParts(
        new Date(value),
      ),
    number: (value: number, options: Intl.NumberFormatOptions = {}) =>
      cached('number', language, options, () => new Intl.NumberFormat(language, options)).format(value),
    relative: (
      value: number,
      unit: Intl.RelativeTimeFormatUnit,
      options: Intl.RelativeTimeFormatOptions = {},
    ) =>
      cached(
        'relative',
        language,
        options,
        () => new Intl.RelativeTimeFormat(language, { numeric: 'auto', ...options }),
      ).format(value, unit),
    list: (items: string[], options: Intl.ListFormatOptions = {}) =>
      cached('list', language, options, () => new Intl.ListFormat(language, options)).format(items),
  };
}

export type Formatters = ReturnType<typeof formattersFor>;

/** The formatters of the interface's language; the component re-renders with new ones when it changes. */
export function useFormat(): Formatters {
  const language = useLanguage();
  return useMemo(() => formattersFor(language), [language]);
}
