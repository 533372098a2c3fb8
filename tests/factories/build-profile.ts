import type { Profile, ProfileMe } from '#shared/profile.ts';

/** `GET /api/profile` of a member who set nothing yet, with the fields a test sets. */
export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    display_name: null,
    about: null,
    avatar_url: null,
    wallpaper_url: null,
    wallpaper_css: null,
    tags: [],
    status: null,
    theme: null,
    theme_name: null,
    theme_tokens: null,
    time_zone: null,
    language: null,
    updated_at: null,
    ...overrides,
  };
}

/**
 * `GET /api/profile/me` of a member who set nothing yet (the defaults the server fills in), with the fields a
 * test sets.
 */
export function buildProfileMe(overrides: Partial<ProfileMe> = {}): ProfileMe {
  return {
    display_name: 'Lumarian',
    email: 'ada@example.com',
    avatar_url: null,
    status: null,
    ai_provider: 'openrouter',
    ai_model: 'openrouter/auto',
    wallpaper_url: null,
    wallpaper_css: null,
    theme: null,
    theme_name: null,
    theme_tokens: null,
    time_zone: null,
    language: null,
    member_since: '2026-01-05T10:00:00.000Z',
    last_visit: '2026-11-20T08:30:00.000Z',
    stats: { tasksToday: 0, pomodoros: 0, streakDays: 0 },
    ...overrides,
  };
}
