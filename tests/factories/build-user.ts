import type { User } from '#shared/auth.ts';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'ada@example.com',
    created_at: '2026-01-05T10:00:00.000Z',
    last_signed_in_at: '2026-11-20T08:30:00.000Z',
    google_user_data: { name: 'Ada Lovelace', picture: null },
    ...overrides,
  };
}
