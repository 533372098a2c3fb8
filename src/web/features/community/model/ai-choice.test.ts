import { describe, expect, it } from 'vitest';
import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
import { chatProviders, resolveAiChoice } from './ai-choice.ts';

describe('the writing helpers’ AI choice', () => {
  it('offers only providers that can chat', () => {
    expect(chatProviders(staticModelCatalogue)).toEqual(['openrouter', 'straico']);
  });

  it("takes the member's pick, else the saved default, else the default provider's first chat model", () => {
    const defaults = { provider: 'straico', model: 'anthropic/claude-3.5-sonnet' } as const;
    const pick = { provider: 'openrouter', model: 'openai/gpt-4o-mini' } as const;
    expect(resolveAiChoice(staticModelCatalogue, pick, defaults)).toEqual(pick);
    expect(resolveAiChoice(staticModelCatalogue, null, defaults)).toEqual(defaults);
    // A pick the catalogue no longer lists gives way to the default.
    expect(
      resolveAiChoice(staticModelCatalogue, { provider: 'openrouter', model: 'gone/model' }, defaults),
    ).toEqual(defaults);
    // A saved image model cannot write posts: that provider's first chat model instead.
    expect(
      resolveAiChoice(staticModelCatalogue, null, { provider: 'straico', model: 'openai/dall-e-3' }),
    ).toEqual({
      provider: 'straico',
      model: 'openai/gpt-4o-mini',
    });
    expect(
      resolveAiChoice(staticModelCatalogue, null, { provider: 'fal', model: 'fal-ai/flux/dev' }),
    ).toEqual({
      provider: 'openrouter',
      model: 'openrouter/auto',
    });
  });
});
