import type { User } from '#shared/auth.ts';
import { CookieJar } from '#tests/setup/cookies.ts';
import { postSession, startDevSignIn } from '#tests/setup/sign-in-flow.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

let sequence = 0;

export type MemberOverrides = { name?: string; email?: string };

export function buildMemberIdentity(overrides: MemberOverrides = {}): { name: string; email: string } {
  sequence += 1;
  return {
    name: overrides.name ?? `Ada Lovelace ${sequence}`,
    email: overrides.email ?? `member${sequence}.${process.pid}@example.test`,
  };
}

/**
 * Signs a member in through the whole development sign-in flow (redirect URL, consent, code exchange), so every
 * test that needs a member also exercises the real path. Returns the browser's cookie jar.
 */
export async function signInMember(t: TestApp, overrides: MemberOverrides = {}, jar = new CookieJar()) {
  const identity = buildMemberIdentity(overrides);
  const { code, state } = await startDevSignIn(t, jar, identity);
  const session = await postSession(t, jar, { code, state });
  if (session.status !== 200) throw new Error(`sign-in failed: ${session.status} ${await session.text()}`);
  jar.take(session);
  const me = await t.request('/api/users/me', { cookie: jar.header() });
  const user = (await me.json()) as User;
  return { jar, cookie: jar.header(), user, identity };
}
