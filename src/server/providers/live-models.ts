import { z } from 'zod';
import { withoutTrailingSlashes } from '#server/lib/data/trailing-slashes.ts';
import { type AiProviderId, modelIdSchema } from '#shared/ai.ts';
import type { AiProviders } from './ai-providers.ts';
import { providerFetch } from './provider-fetch.ts';

/**
 * The model lists providers publish (OpenRouter's `GET /models`; a local OpenAI-compatible
 * server's `GET /v1/models`), fetched on demand and kept in this process. The studio opens the model select
 * on every visit: without a cache each visit would wait on, and count against, the provider.
 */

export type LiveModel = { id: string; label: string; contextLength: number | null };

/** What a list read answers; a failure carries the reason and whether it is a remembered one (logged before). */
export type LiveListResult =
  | { ok: true; models: LiveModel[] }
  | { ok: false; error: unknown; remembered: boolean };

export type LiveModelLists = {
  openRouter(): Promise<LiveListResult>;
  local(): Promise<LiveListResult>;
};

/** A list stays fresh this long after a good read (OpenRouter adds models a few times a day). */
export const LIVE_LIST_TTL_MS = 10 * 60_000;
/** After a failure, wait this long before asking again, so a down provider is not asked on every page view. */
export const LIVE_LIST_FAILURE_TTL_MS = 60_000;
/** The list is a nicety: it must never hold the model select up for long, whatever AI_TIMEOUT_MS says. */
const LIVE_LIST_TIMEOUT_MS = 5_000;
/** Far more than any surface shows (LIVE_MODEL_LIMITS), so each surface's cap applies to a full list. */
const LIVE_LIST_KEEP = 1_000;

/** One live list per app, built with the app's providers; `now` is injectable so tests can move time. */
export function createLiveModelLists(ai: AiProviders, options: { now?: () => number } = {}): LiveModelLists {
  const now = options.now ?? Date.now;
  const config = ai.config;
  const fetchOptions = (provider: AiProviderId) => ({
    provider,
    timeoutMs: Math.min(LIVE_LIST_TIMEOUT_MS, config.timeoutMs),
    // One more try for a passing 429/5xx; the deadline above covers both.
    maxRetries: Math.min(1, config.maxRetries),
  });

  const openRouter = createCachedRead(async () => {
    // `output_modalities=text`: chat models only, which is what this list is for (the newest API's default too).
    const response = await providerFetch(
      `${withoutTrailingSlashes(config.openRouter.baseUrl)}/models?output_modalities=text`,
      { headers: { accept: 'application/json' } },
      fetchOptions('openrouter'),
    );
    return parseOpenRouterModels(await response.json());
  }, now);

  const local = createCachedRead(async () => {
    const baseUrl = config.openAiCompatible.baseUrl ?? '';
    const apiKey = config.openAiCompatible.apiKey;
    const response = await providerFetch(
      `${withoutTrailingSlashes(baseUrl)}/models`,
      { headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) } },
      fetchOptions('local'),
    );
    return parseOpenAiModelList(await response.json());
  }, now);

  return { openRouter: openRouter.read, local: local.read };
}

/**
 * A value read through `load`, remembered for LIVE_LIST_TTL_MS after a success and LIVE_LIST_FAILURE_TTL_MS
 * after a failure. Reads that miss while a load is running wait for that same load instead of starting another.
 */
export function createCachedRead(load: () => Promise<LiveModel[]>, now: () => number) {
  let remembered: { until: number; result: LiveListResult } | undefined;
  let running: Promise<LiveListResult> | undefined;

  async function loadOnce(): Promise<LiveListResult> {
    let result: LiveListResult;
    try {
      result = { ok: true, models: await load() };
    } catch (error) {
      result = { ok: false, error, remembered: false };
    }
    remembered = {
      until: now() + (result.ok ? LIVE_LIST_TTL_MS : LIVE_LIST_FAILURE_TTL_MS),
      result: result.ok ? result : { ...result, remembered: true },
    };
    return result;
  }

  return {
    read(): Promise<LiveListResult> {
      if (remembered && now() < remembered.until) return Promise.resolve(remembered.result);
      running ??= loadOnce().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}

const openRouterModelSchema = z.object({
  id: modelIdSchema,
  name: z.string().trim().min(1).max(200).optional().catch(undefined),
  // OpenRouter may send null; anything unusable counts as unknown.
  context_length: z.number().int().positive().nullish().catch(null),
});

/**
 * OpenRouter's `{data: [...]}` (only `data` is read: newer responses add `total_count`, `links`, and fields per
 * model). An entry without a usable id is skipped, not fatal: one odd model must not hide the rest. Ids must
 * pass `modelIdSchema`, since the member sends them back to us as the chosen model.
 */
export function parseOpenRouterModels(body: unknown): LiveModel[] {
  const data = listData(body);
  const models: LiveModel[] = [];
  for (const entry of data) {
    const parsed = openRouterModelSchema.safeParse(entry);
    if (!parsed.success) continue;
    models.push({
      id: parsed.data.id,
      label: parsed.data.name ?? parsed.data.id,
      contextLength: parsed.data.context_length ?? null,
    });
    if (models.length >= LIVE_LIST_KEEP) break;
  }
  return models;
}

/** The OpenAI-shaped `{object: "list", data: [{id, …}]}` of Ollama, LM Studio, vLLM. */
export function parseOpenAiModelList(body: unknown): LiveModel[] {
  const models: LiveModel[] = [];
  for (const entry of listData(body)) {
    const id = modelIdSchema.safeParse((entry as { id?: unknown } | null)?.id);
    if (!id.success) continue;
    // No context length or names here: local servers do not say.
    models.push({ id: id.data, label: id.data, contextLength: null });
    if (models.length >= LIVE_LIST_KEEP) break;
  }
  return models;
}

function listData(body: unknown): unknown[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new Error('the model list has no `data` array');
  return data;
}
