import { describe, expect, it } from 'vitest';
import type { AiDiagResponse } from '#shared/ai.ts';
import { missingConfiguration } from './missing-configuration.ts';

const none: AiDiagResponse = {
  core: false,
  fal: false,
  falIdeogram: false,
  openrouter: false,
  straico: false,
  local: false,
  timestamp: '2026-05-04T10:00:00.000Z',
};

describe('missingConfiguration', () => {
  it('names every variable to set on a server with no AI at all', () => {
    expect(missingConfiguration(none).map((m) => m.service)).toEqual([
      'Chat, bios and research summaries',
      'Avatar and wallpaper generation',
      'fal.ai images, video and audio',
      'Straico models and media',
    ]);
  });

  it('counts OpenRouter as an image service and as the core key', () => {
    expect(missingConfiguration({ ...none, core: true, openrouter: true }).map((m) => m.what)).toEqual([
      'set FAL_KEY',
      'set STRAICO_API_KEY',
    ]);
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
