import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeIdentity,
  type FakeOidcProvider,
  startFakeOidcProvider,
} from '#tests/fakes/oidc-provider.ts';
import { CookieJar } from '#tests/setup/cookies.ts';
import { googleSignInThrough, postSession, startOidcSignIn } from '#tests/setup/sign-in-flow.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Who runs the community (decision 0029), signed in through a real OIDC server whose ID tokens say whether the
 * email is verified: rights follow an issuer and subject named in `ADMIN_SUBJECTS`, or, as a bootstrap, an
 * `ADMIN_EMAILS` address the provider vouched for; never an email someone merely claims.
 */
const BOOTSTRAP_EMAIL = 'ops@lumara.test';
const NAMED_SUBJECT = 'google-sub-named-operator';
let idp: FakeOidcProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startFakeOidcProvider();
  t = await buildTestApp({
    identityProvider: googleSignInThrough(idp),
    operators: {
      verifiedEmails: [BOOTSTRAP_EMAIL],
      subjects: [
        { issuer: idp.issuer, subject: NAMED_SUBJECT },
        // The same subject from another issuer is another person.
        { issuer: 'https://accounts.google.com', subject: 'google-sub-elsewhere' },
      ],
    },
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

async function signInAs(identity: FakeIdentity): Promise<string> {
  idp.setIdentity(identity);
  const jar = new CookieJar();
  const { code, state } = await startOidcSignIn(t, jar);
  const session = await postSession(t, jar, { code, state });
  expect(session.status).toBe(200);
  jar.take(session);
  return jar.header();
}

async function operatorAnswers(cookie: string) {
  const reports = await t.request('/api/community/reports', { cookie });
  const stats = (await (await t.request('/api/community/stats', { cookie })).json()) as {
    canModerate: boolean;
  };
  return { reports: reports.status, canModerate: stats.canModerate };
}

describe('community operators', () => {
  it('refuses the reports queue to an ADMIN_EMAILS address the provider did not verify, whatever its case', async () => {
    const cookie = await signInAs({
      sub: 'google-sub-claims-ops',
      email: 'Ops@Lumara.TEST',
      name: 'Claims To Be Ops',
      emailVerified: false,
    });
    expect(await operatorAnswers(cookie)).toEqual({ reports: 403, canModerate: false });
  });

  it('lets a verified ADMIN_EMAILS address in, as a bootstrap', async () => {
    const cookie = await signInAs({
      sub: 'google-sub-real-ops',
      email: 'Ops@Lumara.test',
      name: 'Real Ops',
      emailVerified: true,
    });
    expect(await operatorAnswers(cookie)).toEqual({ reports: 200, canModerate: true });
  });

  it('names an operator by issuer and subject, whatever their email says', async () => {
    const cookie = await signInAs({
      sub: NAMED_SUBJECT,
      email: 'changed-their-address@example.test',
      name: 'Named Operator',
      emailVerified: false,
    });
    expect(await operatorAnswers(cookie)).toEqual({ reports: 200, canModerate: true });
  });

  it('does not take a subject named for another issuer', async () => {
    const cookie = await signInAs({
      sub: 'google-sub-elsewhere',
      email: 'elsewhere@example.test',
      name: 'Same Subject, Other Issuer',
    });
    expect(await operatorAnswers(cookie)).toEqual({ reports: 403, canModerate: false });
  });

  it('takes the right away when the provider stops vouching for the email', async () => {
    const identity = { sub: 'google-sub-was-verified', email: BOOTSTRAP_EMAIL, name: 'Was Verified' };
    expect(await operatorAnswers(await signInAs({ ...identity, emailVerified: true }))).toEqual({
      reports: 200,
      canModerate: true,
    });
    expect(await operatorAnswers(await signInAs({ ...identity, emailVerified: false }))).toEqual({
      reports: 403,
      canModerate: false,
    });
  });
});
