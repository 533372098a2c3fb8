import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnedBadgeListSchema } from '#shared/badges.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { awardBadge } from './badges.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('badges', () => {
  it('lists the member’s badges, and another member’s with ?userId=', async () => {
    const me = await signInMember(t);
    const other = await signInMember(t);
    expect(await (await t.request('/api/badges', { cookie: me.cookie })).json()).toEqual([]);

    expect(await awardBadge(t.db, other.user.id, 'first_flight', t.clock.now())).toBe(true);
    expect(await awardBadge(t.db, other.user.id, 'first_flight', t.clock.now())).toBe(false);

    const theirs = earnedBadgeListSchema.parse(
      await (await t.request(`/api/badges?userId=${other.user.id}`, { cookie: me.cookie })).json(),
    );
    expect(theirs).toEqual([{ badge_type: 'first_flight', earned_at: t.clock.now().toISOString() }]);
    expect(await (await t.request('/api/badges', { cookie: me.cookie })).json()).toEqual([]);
  });

  it('answers 404 for an unknown member, 400 for a malformed id, 401 signed out', async () => {
    const { cookie } = await signInMember(t);
    expect((await t.request('/api/badges?userId=999999', { cookie })).status).toBe(404);
    for (const id of ['abc', '-3', '1.5']) {
      expect((await t.request(`/api/badges?userId=${id}`, { cookie })).status, id).toBe(400);
    }
    // An empty value counts as absent, as in every query (src/server/lib/http/query.ts): the member's own badges.
    const empty = await t.request('/api/badges?userId=', { cookie });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual([]);
    expect((await t.request('/api/badges')).status).toBe(401);
  });
});
