import { describe, expect, it } from 'vitest';
import { buildAiDiag } from '#tests/factories/build-ai-diag.ts';
import { translate } from '#web/lib/i18n/use-t.ts';
import { missingConfiguration } from './missing-configuration.ts';

const none = buildAiDiag();

describe('missingConfiguration', () => {
  it('names every variable to set on a server with no AI at all', () => {
    expect(missingConfiguration(none).map((m) => translate(m.service))).toEqual([
      'Chat, bios and research summaries',
      'Avatar and wallpaper generation',
      'fal.ai images, video and audio',
      'Straico models and media',
    ]);
  });

  it('counts OpenRouter as an image service and as the core key', () => {
    expect(
      missingConfiguration({ ...none, core: true, openrouter: true }).map((m) => translate(m.what)),
    ).toEqual(['set FAL_KEY', 'set STRAICO_API_KEY']);
  });

  it('has nothing to say when everything is configured', () => {
    expect(
      missingConfiguration({
        ...none,
        core: true,
        fal: true,
        falIdeogram: true,
        openrouter: true,
        straico: true,
      }),
    ).toEqual([]);
  });
});
