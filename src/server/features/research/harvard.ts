import { Cite, type CSL, type CSLName, type CSLType, plugins } from '@citation-js/core';
import '@citation-js/plugin-csl';
import type { OpenAlexWork } from '#server/providers/openalex-client.ts';
import { toCslName } from './author-name.ts';

/**
 * Harvard references made by a citation processor, never by string glue: each OpenAlex work becomes CSL-JSON and
 * citeproc formats it with the bundled `harvard1` style (Cite Them Right, author-date). This file only decides
 * what the data says (names, type, container, pages, DOI); the style decides how it reads.
 */

const STYLE = 'harvard1';
const LANG = 'en-GB';

/**
 * Cite Them Right is a British style: ‘single quotes’ with punctuation outside them. plugin-csl 0.9.0 bundles
 * only the en-US locale (“double quotes,” with the comma inside) and quietly falls back to it for en-GB, so the
 * British locale is derived here from the bundled en-US one by the settings in which CSL's own en-GB locale
 * differs for a reference: the quote marks, punctuation-in-quote and the day-month date order. Every change must
 * find its target: if a citation-js upgrade reshapes the locale, this fails at start-up, not in a reference.
 */
function registerBritishLocale(): void {
  const locales = plugins.config.get('@csl').locales;
  if (locales.has(LANG)) return;
  const american = locales.get('en-US');
  if (typeof american !== 'string') throw new Error('citation-js: the bundled en-US CSL locale is missing');
  const replacements: [string, string][] = [
    ['xml:lang="en-US"', `xml:lang="${LANG}"`],
    ['<style-options punctuation-in-quote="true"/>', '<style-options punctuation-in-quote="false"/>'],
    ['<term name="open-quote">“</term>', '<term name="open-quote">‘</term>'],
    ['<term name="close-quote">”</term>', '<term name="close-quote">’</term>'],
    ['<term name="open-inner-quote">‘</term>', '<term name="open-inner-quote">“</term>'],
    ['<term name="close-inner-quote">’</term>', '<term name="close-inner-quote">”</term>'],
    [
      '<date form="text"><date-part name="month" suffix=" "/><date-part name="day" suffix=", "/><date-part name="year"/></date>',
      '<date form="text"><date-part name="day" suffix=" "/><date-part name="month" suffix=" "/><date-part name="year"/></date>',
    ],
    [
      '<date form="numeric"><date-part name="month" form="numeric-leading-zeros" suffix="/"/><date-part name="day" form="numeric-leading-zeros" suffix="/"/><date-part name="year"/></date>',
      '<date form="numeric"><date-part name="day" form="numeric-leading-zeros" suffix="/"/><date-part name="month" form="numeric-leading-zeros" suffix="/"/><date-part name="year"/></date>',
    ],
  ];
  let british = american;
  for (const [from, to] of replacements) {
    if (!british.includes(from)) {
      throw new Error(`citation-js: the bundled en-US CSL locale changed; cannot derive ${LANG} (${from})`);
    }
    british = british.replace(from, to);
  }
  locales.add(LANG, british);
}
registerBritishLocale();

/** OpenAlex work types onto CSL types; the journal-like rest depends on the source. */
const TYPE_BY_OPENALEX: Record<string, CSLType> = {
  'book-chapter': 'chapter',
  book: 'book',
  monograph: 'book',
  'edited-book': 'book',
  dissertation: 'thesis',
  dataset: 'dataset',
  report: 'report',
  standard: 'standard',
  preprint: 'article',
  'posted-content': 'article',
  'reference-entry': 'entry-encyclopedia',
  'proceedings-article': 'paper-conference',
  'peer-review': 'review',
};

/** Types whose source names the publisher (a book series, a repository), not a periodical they appear in. */
const PUBLISHED_ALONE = new Set<CSLType>(['book', 'report', 'thesis', 'dataset', 'standard']);

function cslTypeOf(work: OpenAlexWork): CSLType {
  const mapped = work.type ? TYPE_BY_OPENALEX[work.type] : undefined;
  if (mapped) return mapped;
  // Articles, reviews, letters, editorials…: what they appeared in decides.
  switch (work.primary_location?.source?.type) {
    case 'conference':
      return 'paper-conference';
    case 'repository':
      return 'article';
    default:
      return 'article-journal';
  }
}

/** OpenAlex titles may carry markup (`<i>E. coli</i>`) and entities; a reference is plain text. */
export function plainText(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const text = value
    .replace(/<\/?[a-zA-Z][^<>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, entity: string) => ENTITIES[entity] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text || undefined;
}
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

/** Biblio parts are free strings ("Spring", " 12 ", "Vol. 6", "null"): keep what means something, cleaned. */
function biblioPart(value: string | null | undefined, label: RegExp): string | undefined {
  const text = plainText(value)?.replace(label, '').trim();
  if (!text || /^(null|none|n\/?a|-+|0)$/i.test(text)) return undefined;
  return text;
}

function pagesOf(work: OpenAlexWork): string | undefined {
  const first = biblioPart(work.biblio?.first_page, /^pp?\.\s*/i);
  const last = biblioPart(work.biblio?.last_page, /^pp?\.\s*/i);
  if (!first) return undefined;
  return last && last !== first ? `${first}-${last}` : first;
}

/** The bare DOI ("10.7717/peerj.4375") from OpenAlex's URL form, or null when it is not a DOI at all. */
export function bareDoi(doi: string | null | undefined): string | null {
  if (!doi) return null;
  const bare = doi
    .trim()
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '');
  return /^10\.\d{4,9}\/\S+$/.test(bare) ? bare : null;
}

/** The work's short OpenAlex id ("W2741809807"), the stable key of an item. */
export function workKey(work: OpenAlexWork): string {
  return work.id.replace(/^https?:\/\/openalex\.org\//i, '');
}

export function authorsOf(work: OpenAlexWork): CSLName[] {
  const names: CSLName[] = [];
  for (const authorship of work.authorships ?? []) {
    const name = toCslName(authorship.author?.display_name ?? authorship.raw_author_name ?? '');
    if (name) names.push(name);
  }
  return names;
}

export function titleOf(work: OpenAlexWork): string | undefined {
  return plainText(work.title) ?? plainText(work.display_name);
}

/** Only links a member may safely follow end up in a reference or an answer. */
export function webUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * CSL-JSON for one work: only what OpenAlex actually knows, so the style never prints "undefined". `accessed` is
 * the day of the search: Harvard dates a link without a DOI by when it was seen ("Accessed: 22 November 2026").
 */
export function toCsl(work: OpenAlexWork, accessed: Date): CSL {
  const type = cslTypeOf(work);
  const source = work.primary_location?.source;
  const sourceName = plainText(source?.display_name);
  const publisher = plainText(source?.host_organization_name);
  const title = titleOf(work);
  const authors = authorsOf(work);
  const volume = biblioPart(work.biblio?.volume, /^vol(ume)?\.?\s*/i);
  const issue = biblioPart(work.biblio?.issue, /^(no|issue)\.?\s*/i);
  const page = pagesOf(work);
  const doi = bareDoi(work.doi);

  const csl: CSL = { id: workKey(work), type };
  if (title) csl.title = title;
  if (authors.length > 0) csl.author = authors;
  if (work.publication_year) csl.issued = { 'date-parts': [[work.publication_year]] };
  if (PUBLISHED_ALONE.has(type)) {
    // A report in WHO's repository is published by WHO; "Zenodo" publishes a data set.
    const by = publisher ?? (source?.type === 'repository' ? sourceName : undefined);
    if (by) csl.publisher = by;
  } else {
    if (sourceName) csl['container-title'] = sourceName;
    if (type === 'chapter' && publisher) csl.publisher = publisher;
  }
  if (volume) csl.volume = volume;
  if (issue) csl.issue = issue;
  if (page) csl.page = page;
  if (doi) {
    csl.DOI = doi;
  } else {
    const url = webUrl(work.primary_location?.landing_page_url);
    if (url) {
      csl.URL = url;
      csl.accessed = {
        'date-parts': [[accessed.getUTCFullYear(), accessed.getUTCMonth() + 1, accessed.getUTCDate()]],
      };
    }
  }
  return csl;
}

/** The work's full Harvard reference, e.g. Piwowar, H. and Priem, J. (2018) ‘The state of OA…’, PeerJ, 6, p. e4375. Available at: https://doi.org/10.7717/peerj.4375. */
export function formatHarvard(work: OpenAlexWork, accessed: Date): string {
  // One Cite per work: the bibliography of several would be re-sorted by author, and one odd record cannot
  // disturb the others' formatting.
  const text = new Cite([toCsl(work, accessed)]).format('bibliography', {
    format: 'text',
    style: STYLE,
    lang: LANG,
  });
  return text.trim();
}

/** How the work is cited in running text, e.g. (Piwowar and Priem, 2018): what the synthesis must use. */
export function formatInTextCitation(work: OpenAlexWork): string {
  // The in-text form names only authors and year; the access date plays no part.
  const csl = toCsl(work, new Date(0));
  return new Cite([csl])
    .format('citation', {
      format: 'text',
      style: STYLE,
      lang: LANG,
      entry: String(csl.id),
      // No citations before or after: each work is cited alone, so no "2018a" disambiguation creeps in.
      citationsPre: [],
      citationsPost: [],
    })
    .trim();
}
