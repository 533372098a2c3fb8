import { z } from 'zod';
import type { AiConfig } from '#server/config.ts';
import { withoutTrailingSlashes } from '#server/lib/data/trailing-slashes.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import { providerFailed } from '#server/providers/provider-errors.ts';
import { providerFetch } from '#server/providers/provider-fetch.ts';

/**
 * OpenAlex works search. Only root-level fields can be selected, and only the ones the
 * Harvard reference and the answer need are asked for, which keeps the response small.
 */
export const OPENALEX_SELECT = [
  'id',
  'doi',
  'title',
  'display_name',
  'publication_year',
  'authorships',
  'primary_location',
  'biblio',
  'open_access',
  'best_oa_location',
  'type',
].join(',');

/**
 * A search answers in well under a second; the AI timeout (minutes, for long generations) would leave a member
 * staring at a spinner long after OpenAlex is plainly down.
 */
export const OPENALEX_TIMEOUT_MS = 15_000;

/**
 * OpenAlex fields are documented as strings that "may be null or odd", and old records carry
 * numbers where strings are documented. Every field is read leniently: a missing or odd field becomes null and
 * the work is still shown, rather than one strange record failing the whole search.
 */
const looseText = z
  .union([z.string(), z.number().transform(String)])
  .nullish()
  .catch(null);

const sourceSchema = z
  .object({ display_name: looseText, type: looseText, host_organization_name: looseText })
  .nullish()
  .catch(null);

const locationSchema = z
  .object({ landing_page_url: looseText, pdf_url: looseText, source: sourceSchema })
  .nullish()
  .catch(null);

const authorshipSchema = z
  .object({
    author: z.object({ display_name: looseText }).nullish().catch(null),
    raw_author_name: looseText,
  })
  .catch({ author: null, raw_author_name: null });

export const openAlexWorkSchema = z.object({
  id: z.string().min(1),
  doi: looseText,
  title: looseText,
  display_name: looseText,
  publication_year: z.number().int().nullish().catch(null),
  type: looseText,
  authorships: z.array(authorshipSchema).nullish().catch(null),
  primary_location: locationSchema,
  best_oa_location: locationSchema,
  biblio: z
    .object({ volume: looseText, issue: looseText, first_page: looseText, last_page: looseText })
    .nullish()
    .catch(null),
  open_access: z
    .object({ is_oa: z.boolean().nullish().catch(null), oa_url: looseText })
    .nullish()
    .catch(null),
});
export type OpenAlexWork = z.infer<typeof openAlexWorkSchema>;

const searchResponseSchema = z.object({
  meta: z.object({ count: z.number().int().nonnegative() }).nullish().catch(null),
  results: z.array(z.unknown()),
});

export type OpenAlexSearch = { count: number; works: OpenAlexWork[] };

export type OpenAlexSearchRequest = {
  /** The member's topic, already cleaned by `cleanSearchQuery`. */
  query: string;
  /** Works published on or after 1 January of this year. */
  yearMin: number;
  perPage: number;
  signal?: AbortSignal;
};

/**
 * `?` and `*` are wildcards that OpenAlex's stemmed search rejects; a member typing "why?"
 * means no wildcard. Whitespace is collapsed so an all-wildcard query is seen as empty.
 */
export function cleanSearchQuery(query: string): string {
  return query.replace(/[?*]/g, ' ').replace(/\s+/g, ' ').trim();
}

export function buildSearchUrl(
  config: AiConfig['openAlex'],
  request: Pick<OpenAlexSearchRequest, 'query' | 'yearMin' | 'perPage'>,
): URL {
  const url = new URL(`${withoutTrailingSlashes(config.baseUrl)}/works`);
  url.searchParams.set('search', request.query);
  url.searchParams.set('filter', `from_publication_date:${request.yearMin}-01-01`);
  url.searchParams.set('per-page', String(request.perPage));
  url.searchParams.set('select', OPENALEX_SELECT);
  // The polite pool: only when the operator gave an address to be reached at.
  if (config.mailto) url.searchParams.set('mailto', config.mailto);
  return url;
}

/**
 * Searches OpenAlex. Failures are 502 `provider_failed` (OpenAlex's own message when it gave one, else
 * 'Research search failed') and 504 `provider_timeout`.
 */
export async function searchWorks(config: AiConfig, request: OpenAlexSearchRequest): Promise<OpenAlexSearch> {
  const response = await providerFetch(
    buildSearchUrl(config.openAlex, request),
    { method: 'GET', headers: { accept: 'application/json' } },
    {
      provider: 'openalex',
      timeoutMs: Math.min(config.timeoutMs, OPENALEX_TIMEOUT_MS),
      maxRetries: config.maxRetries,
      ...(request.signal ? { signal: request.signal } : {}),
    },
  );

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw searchFailed();
  }
  // Some rejections come back as 200 with an error body: the key decides, not the status.
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const message = errorMessageOf(body);
    throw message ? providerFailed('openalex', message) : searchFailed();
  }
  const parsed = searchResponseSchema.safeParse(body);
  if (!parsed.success) throw searchFailed();

  const works: OpenAlexWork[] = [];
  for (const result of parsed.data.results) {
    const work = openAlexWorkSchema.safeParse(result);
    if (work.success) works.push(work.data);
  }
  return { count: parsed.data.meta?.count ?? works.length, works };
}

function searchFailed(): AppError {
  return new AppError('provider_failed', say('server.research.searchFailed'));
}

/** OpenAlex errors read `{"error": "Invalid query parameters error.", "message": "<what exactly>"}`. */
function errorMessageOf(body: object): string | undefined {
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof message === 'string' && message.trim()) return message;
  if (typeof error === 'string' && error.trim()) return error;
  if (typeof error === 'object' && error !== null) {
    const nested = (error as { message?: unknown }).message;
    if (typeof nested === 'string') return nested;
  }
  return undefined;
}
