import type { SharedTexts } from './messages/shared-texts.gen.ts';

/**
 * Member-facing texts by key. A text is a key of a message catalogue (`src/shared/messages/<language>.json` for
 * what shared schemas and parsers say, `src/server/messages/` for the server's own) and the values of its ICU
 * arguments; each language's catalogue words it, so an English text changed in its catalogue keeps its Spanish
 * beside it, and `node scripts/check-i18n.ts` fails when a language lacks a key or an argument.
 */

/** What a message's ICU arguments take: `{max}` a number or a text. */
type TextValues = Readonly<Record<string, string | number>>;

/** The values argument of a key: none for a message without arguments, else each of its arguments. */
export type ValuesOf<V> = keyof V extends never ? [values?: undefined] : [values: V];

declare const localized: unique symbol;
/**
 * A text in the language of whoever reads it: rendered from a catalogue by key (`sharedText`, the server's
 * `say`), or words no catalogue holds, marked as such with `verbatim` (a provider's own message, a name). The
 * server's error bodies take only these, so an English sentence cannot slip into an answer untranslated.
 */
export type Localized = string & { readonly [localized]: true };

/** Words that read the same in every language, or that are someone else's (a provider's message, a file name). */
export const verbatim = (text: string): Localized => text as Localized;

type SharedTextKey = keyof SharedTexts;

type Render = (key: string, values: TextValues | undefined) => string;

let render: Render | null = null;

/**
 * How shared texts are put into words where this code runs: the server renders them in the language of the
 * request being answered (src/server/lib/request-language.ts), the browser in the interface's (src/web/lib/i18n).
 */
export function renderSharedTextsWith(renderer: Render): void {
  render = renderer;
}

/** A shared text, in the language of whoever reads it now (the key itself before any renderer is set). */
export function sharedText<K extends SharedTextKey>(
  key: K,
  ...[values]: ValuesOf<SharedTexts[K]>
): Localized {
  return (render ? render(key, values) : key) as Localized;
}

/**
 * A schema's own reason, worded when zod finds the problem (so in the request's or the interface's language):
 * `.min(1, reason('shared.tasks.typeTitle'))`.
 */
export function reason<K extends SharedTextKey>(key: K, ...values: ValuesOf<SharedTexts[K]>) {
  return { error: () => sharedText(key, ...values) };
}
