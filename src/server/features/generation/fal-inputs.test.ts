import { describe, expect, it } from 'vitest';
import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
import { falModels } from '#shared/generation-fal-models.ts';
import { falImageInputForSize, falVideoInput } from './fal-inputs.ts';

/** What fal's models are sent: durations and ratios mapped per model family. */

const kling = 'fal-ai/kling-video/v2.1/master/text-to-video';
const hailuo = 'fal-ai/minimax/hailuo-02/standard/text-to-video';
const veo = 'fal-ai/veo3.1/fast';
const video = (
  model: string,
  duration: number,
  aspect_ratio: '16:9' | '9:16' | '1:1' | '4:3' | '3:4' = '16:9',
) => falVideoInput({ prompt: 'waves', model, duration, aspect_ratio });

describe('fal video durations', () => {
  it('maps 3–10 s onto Kling\'s "5" | "10"', () => {
    expect([3, 4, 5, 6, 7].map((s) => video(kling, s).duration)).toEqual(['5', '5', '5', '5', '5']);
    expect([8, 9, 10].map((s) => video(kling, s).duration)).toEqual(['10', '10', '10']);
  });

  it('maps 3–10 s onto Hailuo\'s "6" | "10", the longer on a tie, and sends it no ratio', () => {
    expect([3, 6, 7, 8, 9, 10].map((s) => video(hailuo, s).duration)).toEqual([
      '6',
      '6',
      '6',
      '10',
      '10',
      '10',
    ]);
    expect(video(hailuo, 6)).not.toHaveProperty('aspect_ratio');
  });

  it('maps 3–10 s onto Veo\'s "4s" | "6s" | "8s"', () => {
    expect([3, 4, 5, 6, 7, 8, 10].map((s) => video(veo, s).duration)).toEqual([
      '4s',
      '4s',
      '6s',
      '6s',
      '8s',
      '8s',
      '8s',
    ]);
  });

  it('keeps the orientation when a model lacks the ratio asked for', () => {
    expect(video(kling, 5, '4:3').aspect_ratio).toBe('16:9');
    expect(video(kling, 5, '3:4').aspect_ratio).toBe('9:16');
    expect(video(kling, 5, '1:1').aspect_ratio).toBe('1:1');
    expect(video(veo, 5, '1:1').aspect_ratio).toBe('16:9');
    expect(video(veo, 5, '9:16').aspect_ratio).toBe('9:16');
  });

  it('sends a model it does not know whole seconds as text and the ratio as asked', () => {
    expect(video('fal-ai/some/new-video', 7, '4:3')).toEqual({
      prompt: 'waves',
      duration: '7',
      aspect_ratio: '4:3',
    });
  });
});

describe('fal image sizes for POST /api/ai/image', () => {
  it("maps the square and the two wide shapes onto fal's enum", () => {
    expect(falImageInputForSize('a', '1024x1024').image_size).toBe('square_hd');
    expect(falImageInputForSize('a', '1792x1024').image_size).toBe('landscape_16_9');
    expect(falImageInputForSize('a', '1024x1792').image_size).toBe('portrait_16_9');
  });
});

describe('GET /api/fal/models list', () => {
  it("lists exactly the catalogue's fal image and video models, each described", () => {
    const idsOf = (id: string) =>
      staticModelCatalogue.find((category) => category.id === id)?.models.map((m) => m.id);
    expect(falModels.image.map((model) => model.id)).toEqual(idsOf('fal-image'));
    expect(falModels.video.map((model) => model.id)).toEqual(idsOf('fal-video'));
    for (const model of [...falModels.image, ...falModels.video]) {
      expect(model.name).not.toBe('');
      expect(model.description).not.toMatch(/on fal\.ai$/);
    }
  });
});
