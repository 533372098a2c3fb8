import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatThreads, communityPosts } from '#server/db/schema.ts';
import { SEARCH_RESULTS_PER_KIND, searchResultListSchema } from '#shared/search.ts';
import { createThreadAs } from '#tests/factories/chat.ts';
import { createPostAs } from '#tests/factories/community.ts';
import { signInMember } from '#tests/factories/members.ts';
import { createTaskAs } from '#tests/factories/tasks.ts';
import { errorCodeOf } from '#tests/setup/sign-in-flow.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function search(cookie: string, q: string) {
  const response = await t.request(`/api/search?q=${encodeURIComponent(q)}`, { cookie });
  expect(response.status).toBe(200);
  return searchResultListSchema.parse(await response.json());
}

describe('GET /api/search', () => {
  it("finds the member's own tasks, chats and posts by title, in any case, and nobody else's", async () => {
    const ada = await signInMember(t);
    const grace = await signInMember(t);
    const task = await createTaskAs(t, ada.cookie, { title: 'Draft the Launch plan' });
    await createTaskAs(t, ada.cookie, { title: 'Water the plants' });
    const chat = await createThreadAs(t, ada.cookie, 'Launch ideas');
    const post = await createPostAs(t, ada.cookie, { title: 'Our launch, in pictures' });
    await createTaskAs(t, grace.cookie, { title: 'Launch party' });
    await createThreadAs(t, grace.cookie, 'Launch secrets');

    expect(await search(ada.cookie, 'LAUNCH')).toEqual([
      { kind: 'task', id: task.id, title: 'Draft the Launch plan' },
      { kind: 'chat', id: chat.id, title: 'Launch ideas' },
      { kind: 'post', id: post.id, title: 'Our launch, in pictures' },
    ]);
    expect((await search(grace.cookie, 'launch')).map((found) => found.title)).toEqual([
      'Launch party',
      'Launch secrets',
    ]);
  });

  it('leaves out deleted tasks, archived chats and hidden posts, and answers a few of each kind', async () => {
    const { cookie } = await signInMember(t);
    const gone = await createTaskAs(t, cookie, { title: 'Gone errand' });
    expect((await t.request(`/api/tasks/${gone.id}`, { method: 'DELETE', cookie })).status).toBe(200);
    const archived = await createThreadAs(t, cookie, 'Gone chat');
    await t.db.update(chatThreads).set({ archivedAt: new Date() }).where(eq(chatThreads.id, archived.id));
    const hidden = await createPostAs(t, cookie, { title: 'Gone post' });
    await t.db.update(communityPosts).set({ hiddenAt: new Date() }).where(eq(communityPosts.id, hidden.id));
    expect(await search(cookie, 'gone')).toEqual([]);

    for (let n = 0; n < SEARCH_RESULTS_PER_KIND + 2; n++)
      await createTaskAs(t, cookie, { title: `Chore ${n}` });
    expect(await search(cookie, 'chore')).toHaveLength(SEARCH_RESULTS_PER_KIND);
  });

  it('reads % and _ as text, refuses an empty query, and wants a session', async () => {
    const { cookie } = await signInMember(t);
    await createTaskAs(t, cookie, { title: 'Cut costs by 50%' });
    await createTaskAs(t, cookie, { title: 'Cut costs by 500' });
    expect((await search(cookie, '50%')).map((found) => found.title)).toEqual(['Cut costs by 50%']);
    expect(await search(cookie, 'by_5')).toEqual([]);

    for (const q of ['', '   ']) {
      const answer = await t.request(`/api/search?q=${encodeURIComponent(q)}`, { cookie });
      expect(answer.status).toBe(400);
      expect(await errorCodeOf(answer)).toBe('validation_failed');
    }
    expect((await t.request('/api/search?q=x')).status).toBe(401);
  });
});
