import { describe, expect, it } from 'vitest';
import { buildProfile } from '#tests/factories/build-profile.ts';
import { draftFrom, profileDraftSchema } from './profile-draft.ts';

const empty = buildProfile();

describe('profileDraftSchema: the body a draft sends', () => {
  it('omits text fields left empty or blank and always sends the tags', () => {
    expect(
      profileDraftSchema.parse({ display_name: '  ', about: '', avatar_url: '', tags: [], time_zone: '' }),
    ).toEqual({ tags: [] });
  });

  it('sends filled fields trimmed', () => {
    expect(
      profileDraftSchema.parse({
        display_name: ' Ada ',
        about: 'Counts things.\n',
        avatar_url: 'https://example.com/a.png',
        tags: ['math'],
        time_zone: 'Europe/London',
      }),
    ).toEqual({
      display_name: 'Ada',
      about: 'Counts things.',
      avatar_url: 'https://example.com/a.png',
      tags: ['math'],
      time_zone: 'Europe/London',
    });
  });

  it('refuses what PUT /api/profile refuses, in its words, and takes what it takes', () => {
    const draft = { display_name: '', about: '', avatar_url: '', tags: [], time_zone: '' };
    const refused = profileDraftSchema.safeParse({ ...draft, avatar_url: 'javascript:alert(1)' });
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['avatar_url'], 'Give an http(s) link to an image, or leave it empty to remove it'],
    ]);
    // Any http(s) link: the server copies it, the browser never loads it from there.
    expect(profileDraftSchema.parse({ ...draft, avatar_url: 'http://example.com/a.png' }).avatar_url).toBe(
      'http://example.com/a.png',
    );
    const stored = '/api/avatars/3/0b7f3c1e-5d2a-4c55-9f4e-1f2a3b4c5d6e.png';
    expect(profileDraftSchema.parse({ ...draft, avatar_url: stored }).avatar_url).toBe(stored);
  });
});

describe('draftFrom', () => {
  it('starts a new member’s form empty, in the browser’s zone', () => {
    expect(draftFrom(empty, 'America/Santiago')).toEqual({
      display_name: '',
      about: '',
      avatar_url: '',
      tags: [],
      time_zone: 'America/Santiago',
    });
  });

  it('keeps the saved zone, and leaves the URL field empty for an avatar Lumara stores', () => {
    const draft = draftFrom(
      {
        ...empty,
        avatar_url: '/api/avatars/3/0b7f3c1e-5d2a-4c55-9f4e-1f2a3b4c5d6e.png',
        time_zone: 'Asia/Tokyo',
      },
      'UTC',
    );
    expect(draft.avatar_url).toBe('');
    expect(draft.time_zone).toBe('Asia/Tokyo');
    expect(draftFrom({ ...empty, avatar_url: 'https://cdn.example/me.png' }, 'UTC').avatar_url).toBe(
      'https://cdn.example/me.png',
    );
  });
});
