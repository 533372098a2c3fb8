import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/lib/http/errors.ts';
import { requestLanguage, say } from '#server/lib/http/request-language.ts';
import type { Logger } from '#server/lib/infra/logger.ts';
import type { AiProviders } from '#server/providers/ai-providers.ts';
import type { ReplyBounds } from '#server/providers/chat-provider.ts';
import { cleanSearchQuery, type OpenAlexWork, searchWorks } from '#server/providers/openalex-client.ts';
import type { AiChatMessage } from '#shared/ai.ts';
import { DEFAULT_LANGUAGE, type Language, SPANISH_FOR_AI } from '#shared/language.ts';
import {
  RESEARCH_RESULTS,
  RESEARCH_SYNTHESIS_WORDS,
  RESEARCH_YEARS,
  type ResearchItem,
  type ResearchResponse,
} from '#shared/research.ts';
import { sharedText } from '#shared/texts.ts';
import { getAiChoice } from '../profile/profile.service.ts';
import { bareDoi, formatHarvard, formatInTextCitation, titleOf, webUrl, workKey } from './harvard.ts';

/** What an item shows when OpenAlex knows no title (the reference itself then has none either). */
export const UNTITLED_WORK = 'Untitled work';

/**
 * "The last 10 years" counted in publication years: this year and the nine before it, so exactly
 * RESEARCH_YEARS years are searched (in 2026: 2017–2026). OpenAlex dates many works to 1 January of their year
 * only, so the window starts on a year boundary rather than on today's date ten years ago.
 */
export function researchYearMin(now: Date): number {
  return now.getUTCFullYear() - (RESEARCH_YEARS - 1);
}

export type ResearchDeps = { db: Db; ai: AiProviders; now: () => Date };

/**
 * Searches OpenAlex for the member's topic and answers the most relevant recent works with their Harvard
 * references, plus a short synthesis citing only those works. The search failing fails the call (502/504); the
 * synthesis failing never does: the references are the result, the synthesis a bonus.
 */
export async function researchTopic(
  deps: ResearchDeps,
  userId: number,
  topic: string,
  options: { signal?: AbortSignal; logger?: Logger } = {},
): Promise<ResearchResponse> {
  const query = cleanSearchQuery(topic);
  // A topic of wildcards only ("???") leaves nothing to search for.
  if (!query) {
    throw new AppError('validation_failed', sharedText('shared.research.emptyTopic'), {
      fields: { query: sharedText('shared.research.emptyTopic') },
    });
  }

  const now = deps.now();
  const yearMin = researchYearMin(now);
  const search = await searchWorks(deps.ai.config, {
    query,
    yearMin,
    perPage: RESEARCH_RESULTS,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const works = search.works.slice(0, RESEARCH_RESULTS);
  const items = works.map((work) => presentWork(work, now));
  const synthesis =
    works.length === 0
      ? // Nothing to cite: asking a model anyway would only invite invented sources.
        say('server.research.synthesisUnavailable')
      : await synthesize(deps, userId, query, works, items, options);
  return { query, count: Math.max(search.count, items.length), yearMin, items, synthesis };
}

/** One work as the answer shows it. */
export function presentWork(work: OpenAlexWork, now: Date): ResearchItem {
  const doi = bareDoi(work.doi);
  return {
    id: workKey(work),
    title: titleOf(work) ?? UNTITLED_WORK,
    year: work.publication_year ?? null,
    harvard: formatHarvard(work, now),
    doiUrl: doi ? `https://doi.org/${doi.split('/').map(encodeURIComponent).join('/')}` : null,
    oaUrl:
      webUrl(work.open_access?.oa_url) ??
      webUrl(work.best_oa_location?.pdf_url) ??
      webUrl(work.best_oa_location?.landing_page_url),
  };
}

/** The member's language, as the synthesis is asked for: research answers in the interface's language. */
const synthesisLanguage: Record<Language, string> = {
  en: 'British English',
  es: SPANISH_FOR_AI,
};

/**
 * Room for 200 words and a little more (reasoning models spend some tokens before answering); the characters of
 * twice that many words.
 */
export const SYNTHESIS_REPLY: ReplyBounds = { maxTokens: 800, maxChars: 6_000 };

/**
 * 150–200 words from the member's chosen chat model, citing only the works found. Any failure (provider not
 * configured or unable to chat, an error, a timeout, an empty answer) gives 'Synthesis unavailable.'; the
 * reason goes to the log for the operator.
 */
async function synthesize(
  deps: ResearchDeps,
  userId: number,
  query: string,
  works: OpenAlexWork[],
  items: ResearchItem[],
  options: { signal?: AbortSignal; logger?: Logger },
): Promise<string> {
  try {
    const choice = await getAiChoice(deps.db, userId);
    const reply = await deps.ai.chat(choice.provider).complete({
      model: choice.model,
      messages: synthesisPrompt(query, works, items, requestLanguage()),
      ...SYNTHESIS_REPLY,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const text = reply.text.trim();
    if (text) return text;
    options.logger?.warn({ reason: 'empty answer' }, 'research synthesis unavailable');
  } catch (error) {
    // A member who went away is not a provider failure worth a warning.
    if (options.signal?.aborted) throw error;
    options.logger?.warn(
      { reason: error instanceof AppError ? `${error.code}: ${error.message}` : String(error) },
      'research synthesis unavailable',
    );
  }
  return say('server.research.synthesisUnavailable');
}

/**
 * The works are handed over with the exact in-text citation the Harvard style gives each one, so the model cites
 * "(Piwowar and Priem, 2018)" as the reference list will read, and is told that nothing else may be cited.
 */
export function synthesisPrompt(
  query: string,
  works: OpenAlexWork[],
  items: ResearchItem[],
  language: Language = DEFAULT_LANGUAGE,
): AiChatMessage[] {
  const { min, max } = RESEARCH_SYNTHESIS_WORDS;
  const sources = works
    .map((work, index) => {
      const item = items[index];
      return [
        `[${index + 1}] Cite as: ${formatInTextCitation(work)}`,
        `Title: ${item?.title ?? UNTITLED_WORK}`,
        `Year: ${item?.year ?? 'unknown'}`,
        `Reference: ${item?.harvard ?? ''}`,
      ].join('\n');
    })
    .join('\n\n');
  return [
    {
      role: 'system',
      content: [
        `You write a short research synthesis of ${min}–${max} words in ${synthesisLanguage[language]}, as one or two plain-text paragraphs (no headings, no lists, no markdown).`,
        'Use ONLY the works listed by the user. Cite them in Harvard author-date style exactly as each "Cite as" line gives, e.g. (Author, Year).',
        'Never cite, name or invent any other source, and never add a reference list. If the works say little about the topic, say so briefly.',
        'Describe what the works address based on their titles; do not claim findings the titles do not support.',
      ].join(' '),
    },
    {
      role: 'user',
      content: `Research topic: ${query}\n\nWorks found, most relevant first:\n\n${sources}`,
    },
  ];
}
