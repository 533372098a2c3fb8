import type { MemberSession } from '#shared/auth.ts';

let sequence = 0;

/** One of the member's sessions as `GET /api/sessions` lists it: another browser unless `current` is said. */
export function buildMemberSession(overrides: Partial<MemberSession> = {}): MemberSession {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    browser: 'Chrome',
    os: 'Linux',
    signed_in_at: '2026-11-20T08:30:00.000Z',
    last_seen_at: '2026-11-22T09:00:00.000Z',
    current: false,
    ...overrides,
  };
}
