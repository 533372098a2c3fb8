import { describe, expect, it } from 'vitest';
import type { GenerationAnswer } from '#shared/generation.ts';
import { jobsOfSection, sectionOf } from './generation-sections.ts';

function job(overrides: Partial<GenerationAnswer>): GenerationAnswer {
  return {
    status: 'pending',
    jobId: crypto.randomUUID(),
    provider: 'fal',
    model: 'fal-ai/flux/schnell',
    media_type: 'image',
    prompt: 'A parrot',
    urls: [],
    data: [],
    saved: false,
    created_at: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('sectionOf', () => {
  it('puts fal and Straico jobs under the form that starts them, and no other job anywhere', () => {
    expect(sectionOf({ provider: 'fal', media_type: 'image' })).toBe('fal-image');
    expect(sectionOf({ provider: 'fal', media_type: 'video' })).toBe('fal-video');
    expect(sectionOf({ provider: 'fal', media_type: 'audio' })).toBeNull();
    expect(sectionOf({ provider: 'straico', media_type: 'image' })).toBe('straico-image');
    expect(sectionOf({ provider: 'straico', media_type: 'video' })).toBe('straico-video');
    expect(sectionOf({ provider: 'straico', media_type: 'audio' })).toBe('straico-audio');
    expect(sectionOf({ provider: 'openrouter', media_type: 'image' })).toBeNull();
    expect(sectionOf({ provider: 'local', media_type: 'image' })).toBeNull();
  });
});

describe('jobsOfSection', () => {
  it('lists the jobs started here first, then the resumed ones of this form that are not among them', () => {
    const startedHere = job({ prompt: 'new' });
    const resumedImage = job({ prompt: 'old image' });
    const resumedVideo = job({ prompt: 'old video', media_type: 'video' });
    const resumedTwice = { ...startedHere, status: 'ready' as const };

    expect(
      jobsOfSection('fal-image', [startedHere], [resumedTwice, resumedImage, resumedVideo]).map(
        (j) => j.prompt,
      ),
    ).toEqual(['new', 'old image']);
    expect(jobsOfSection('fal-video', [], [resumedImage, resumedVideo])).toEqual([resumedVideo]);
  });
});
