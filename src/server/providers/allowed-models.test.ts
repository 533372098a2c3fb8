import { describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/http/errors.ts';
import { createAllowedModels } from './allowed-models.ts';

/** Which models the server calls: the catalogue's per provider and kind, the operator's additions, the local server's. */

describe('createAllowedModels', () => {
  const catalogueOnly = createAllowedModels({ extra: [], localModels: [] });

  it('allows the catalogue’s models with their own provider, for their own kind', () => {
    expect(catalogueOnly.allows('openrouter', 'openai/gpt-4o-mini', 'chat')).toBe(true);
    expect(catalogueOnly.allows('fal', 'fal-ai/flux/schnell', 'image')).toBe(true);
    expect(catalogueOnly.allows('straico', 'kling/v2.1', 'video')).toBe(true);
    // Another provider's model, another kind's model.
    expect(catalogueOnly.allows('straico', 'openrouter/auto', 'chat')).toBe(false);
    expect(catalogueOnly.allows('fal', 'fal-ai/kling-video/v2.1/master/text-to-video', 'image')).toBe(false);
    expect(catalogueOnly.allows('openrouter', 'google/gemini-2.5-flash-image', 'chat')).toBe(false);
    // Any kind when none is named (a saved studio default).
    expect(catalogueOnly.allows('openrouter', 'google/gemini-2.5-flash-image')).toBe(true);
  });

  it('refuses any other OpenRouter model or fal app, unless the operator allowed it', () => {
    expect(catalogueOnly.allows('openrouter', 'openai/o1-pro', 'chat')).toBe(false);
    expect(catalogueOnly.allows('fal', 'fal-ai/flux-pro/v1.1-ultra', 'image')).toBe(false);
    const extended = createAllowedModels({
      extra: ['openai/o1-pro', 'fal-ai/flux-pro/v1.1-ultra'],
      localModels: [],
    });
    expect(extended.allows('openrouter', 'openai/o1-pro', 'chat')).toBe(true);
    expect(extended.allows('fal', 'fal-ai/flux-pro/v1.1-ultra', 'image')).toBe(true);
  });

  it('allows any local model until the operator lists them, then those', () => {
    expect(catalogueOnly.allows('local', 'llama3.2', 'chat')).toBe(true);
    const listed = createAllowedModels({ extra: [], localModels: ['llama3.2'] });
    expect(listed.allows('local', 'llama3.2', 'chat')).toBe(true);
    expect(listed.allows('local', 'qwen', 'chat')).toBe(false);
  });

  it('refuses with a 400 naming the model, on the field asked for', () => {
    const refusal = (() => {
      try {
        catalogueOnly.require('openrouter', 'openai/o1-pro', { kind: 'chat', field: 'aiModel' });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'validation_failed',
      status: 400,
      message: 'OpenRouter does not offer "openai/o1-pro" on this server: choose a model from the list',
      fields: { aiModel: 'Choose a model from the list' },
    });
    expect(() => catalogueOnly.require('openrouter', 'openrouter/auto', { kind: 'chat' })).not.toThrow();
  });
});
