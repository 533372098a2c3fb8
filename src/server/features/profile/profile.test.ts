import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '#server/db/schema.ts';
import { commentListSchema, communityMemberSchema, postPageSchema } from '#shared/community.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import {
  DEFAULT_DISPLAY_NAME,
  PROFILE_LIMITS,
  type Profile,
  profileMeSchema,
  profileSchema,
  type UpdateProfileRequest,
} from '#shared/profile.ts';
import { commentAs, createPostAs } from '#tests/factories/community.ts';
import { signInMember } from '#tests/factories/members.ts';
import { createTaskAs } from '#tests/factories/tasks.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/*
 * The profile calls through the real app: the profile and its omitted-field
 * semantics, `me` with its defaults and stats, status, validation of everything a member
 * stores (lengths, tags, URLs, CSS), ownership, and the community showing the profile's name and avatar.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function getProfile(cookie: string): Promise<Profile> {
  const response = await t.request('/api/profile', { cookie });
  expect(response.status).toBe(200);
  return profileSchema.parse(await response.json());
}

/** A path of the kind Lumara stores an avatar copy under (the file itself is not needed here). */
function storedAvatarPath(userId: number): string {
  return `/api/avatars/${userId}/${randomUUID()}.png`;
}

async function putProfile(cookie: string, body: unknown) {
  return t.request('/api/profile', { method: 'PUT', cookie, body });
}

async function putOk(cookie: string, body: UpdateProfileRequest): Promise<Profile> {
  const response = await putProfile(cookie, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return profileSchema.parse(await response.json());
}

async function fieldsOf(response: Response): Promise<Record<string, string>> {
  expect(response.status).toBe(400);
  return apiErrorBodySchema.parse(await response.json()).error.fields ?? {};
}

async function me(cookie: string, query = '') {
  const response = await t.request(`/api/profile/me${query}`, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return profileMeSchema.parse(await response.json());
}

const GRADIENT = 'linear-gradient(135deg, #ff7eb3 0%, #7afcff 100%)';

describe('GET and PUT /api/profile', () => {
  it('answers an empty profile before the first save', async () => {
    const { cookie } = await signInMember(t);
    expect(await getProfile(cookie)).toEqual({
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
    });
  });

  it('saves every field, trimmed, and answers the whole profile', async () => {
    const { cookie } = await signInMember(t);
    const saved = await putOk(cookie, {
      display_name: '  Nova Star ',
      about: 'Sings, codes, and keeps parrots.',
      wallpaper_css: ` ${GRADIENT} `,
      tags: ['music', ' focus ', ''],
      time_zone: 'America/Santiago',
    });
    expect(saved).toMatchObject({
      display_name: 'Nova Star',
      about: 'Sings, codes, and keeps parrots.',
      wallpaper_css: GRADIENT,
      tags: ['music', 'focus'],
      time_zone: 'America/Santiago',
    });
    expect(saved.updated_at).toBe(t.clock.now().toISOString());
    expect(await getProfile(cookie)).toEqual(saved);
  });

  it('leaves omitted and empty text fields unchanged, and clears a field sent as null', async () => {
    const { cookie } = await signInMember(t);
    await putOk(cookie, { display_name: 'Keep Me', about: 'Old bio', tags: ['a', 'b'] });

    const afterEmpty = await putOk(cookie, { display_name: '', about: '   ', avatar_url: '', tags: '' });
    expect(afterEmpty).toMatchObject({ display_name: 'Keep Me', about: 'Old bio', tags: ['a', 'b'] });

    const afterOmitted = await putOk(cookie, { about: 'New bio' });
    expect(afterOmitted).toMatchObject({ display_name: 'Keep Me', about: 'New bio', tags: ['a', 'b'] });

    const afterNull = await putOk(cookie, { about: null, tags: null });
    expect(afterNull).toMatchObject({ display_name: 'Keep Me', about: null, tags: [] });
  });

  it('accepts tags as JSON text of a list, drops repeats and empties, and refuses bad tags with the field', async () => {
    const { cookie } = await signInMember(t);
    const saved = await putOk(cookie, { tags: '["music", " music", "", "cats"]' });
    expect(saved.tags).toEqual(['music', 'cats']);

    expect(await fieldsOf(await putProfile(cookie, { tags: '["unclosed"' }))).toEqual({
      tags: 'Tags are a list of strings (or JSON text of one)',
    });
    expect((await fieldsOf(await putProfile(cookie, { tags: '{"a":1}' }))).tags).toMatch(/list of strings/);
    expect((await fieldsOf(await putProfile(cookie, { tags: [1, 2] }))).tags).toMatch(/list of strings/);
    expect((await fieldsOf(await putProfile(cookie, { tags: ['x'.repeat(31)] }))).tags).toMatch(
      /30 characters/,
    );
    const tooMany = Array.from({ length: PROFILE_LIMITS.tagsMax + 1 }, (_, index) => `tag${index}`);
    expect((await fieldsOf(await putProfile(cookie, { tags: tooMany }))).tags).toMatch(/At most 20 tags/);
    expect((await getProfile(cookie)).tags).toEqual(['music', 'cats']);
  });

  it('reports overlong fields on 400 and writes nothing', async () => {
    const { cookie, user } = await signInMember(t);
    const fields = await fieldsOf(
      await putProfile(cookie, {
        display_name: 'n'.repeat(PROFILE_LIMITS.displayNameMax + 1),
        about: 'a'.repeat(PROFILE_LIMITS.aboutMax + 1),
        avatar_url: `https://example.com/${'p'.repeat(PROFILE_LIMITS.urlMax)}`,
      }),
    );
    expect(fields).toEqual({
      display_name: 'At most 60 characters',
      about: 'At most 2000 characters',
      avatar_url: 'At most 2048 characters',
    });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(row).toBeUndefined();
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:image/png;base64,iVBORw0KGgo='],
    ['https://user:secret@images.example.com/a.png'],
    ['//evil.example.com/a.png'],
    ['/api/users/me'],
    ['vbscript:msgbox(1)'],
  ])('refuses %s as an avatar or wallpaper URL', async (url) => {
    const { cookie } = await signInMember(t);
    const fields = await fieldsOf(await putProfile(cookie, { avatar_url: url, wallpaper_url: url }));
    expect(Object.keys(fields).sort()).toEqual(['avatar_url', 'wallpaper_url']);
  });

  it.each([
    ['url(https://evil.example.com/track.png)'],
    ['linear-gradient(#fff, #000), url(https://evil.example.com/x.png)'],
    ['expression(alert(1))'],
    ['linear-gradient(#fff, #000)</style><script>alert(1)</script>'],
    ['linear-gradient(#fff, #000); background: red'],
    ['linear-gradient(#fff, #000) /* hidden */'],
    ['linear-gradient(#fff, \\75 rl(x))'],
    ['linear-gradient("#fff", #000)'],
    ['red'],
  ])('refuses wallpaper CSS %s', async (css) => {
    const { cookie } = await signInMember(t);
    const fields = await fieldsOf(await putProfile(cookie, { wallpaper_css: css }));
    expect(fields.wallpaper_css).toMatch(/Only CSS gradients/);
  });

  it('accepts layered radial, conic and linear gradients with rgb() and hsl() colours', async () => {
    const { cookie } = await signInMember(t);
    const css =
      'radial-gradient(circle at 20% 30%, rgba(255, 126, 179, 0.6) 0%, transparent 60%), ' +
      'conic-gradient(from 45deg at 50% 50%, hsl(280 80% 60% / 0.5), #0b0b1a), linear-gradient(to right, #111, #222)';
    expect((await putOk(cookie, { wallpaper_css: css })).wallpaper_css).toBe(css);
  });

  it('refuses an unknown time zone, and a Lumara picture path that is not the member’s own', async () => {
    const { cookie } = await signInMember(t);
    expect(await fieldsOf(await putProfile(cookie, { time_zone: 'Mars/Olympus_Mons' }))).toEqual({
      time_zone: 'Unknown time zone',
    });
    const someoneElses = '/api/wallpapers/1/0b6f1c9e-0d3f-4c59-9d5c-2f3b0a8c1e11.png';
    expect((await fieldsOf(await putProfile(cookie, { wallpaper_url: someoneElses }))).wallpaper_url).toMatch(
      /not your current picture/,
    );
  });

  it('refuses a body that is not JSON', async () => {
    const { cookie } = await signInMember(t);
    const response = await putProfile(cookie, '{"display_name":');
    expect(response.status).toBe(400);
  });

  it('keeps each member’s profile their own', async () => {
    const ada = await signInMember(t);
    const bob = await signInMember(t);
    await putOk(ada.cookie, { display_name: 'Ada', about: 'Private-ish' });
    await putOk(bob.cookie, { display_name: 'Bob' });
    expect((await getProfile(ada.cookie)).display_name).toBe('Ada');
    expect((await getProfile(bob.cookie)).about).toBeNull();
    // The body cannot name another member: unknown keys such as a user id are ignored.
    await putOk(bob.cookie, { display_name: 'Bob 2', user_id: ada.user.id } as UpdateProfileRequest);
    expect((await getProfile(ada.cookie)).display_name).toBe('Ada');
  });
});

describe('GET /api/profile/me', () => {
  it('merges defaults: the name from sign-in, the default AI choice, account dates, no picture', async () => {
    const { cookie, user } = await signInMember(t);
    const answer = await me(cookie);
    expect(answer).toMatchObject({
      display_name: user.google_user_data.name,
      email: user.email,
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
      stats: { tasksToday: 0, pomodoros: 0, streakDays: 0 },
    });
    expect(answer.member_since).toBe(user.created_at);
    expect(answer.last_visit).toBe(t.clock.now().toISOString());
  });

  it('names the member as they name themself, else as sign-in did, else Lumarian', async () => {
    const { cookie, user } = await signInMember(t);
    expect((await me(cookie)).display_name).toBe(user.google_user_data.name);
    await putOk(cookie, { display_name: 'Countess' });
    expect((await me(cookie)).display_name).toBe('Countess');
    const nameless = await signInMember(t);
    await t.db.update(users).set({ name: '  ' }).where(eq(users.id, nameless.user.id));
    expect((await me(nameless.cookie)).display_name).toBe(DEFAULT_DISPLAY_NAME);
  });

  it('answers the saved fields and today’s stats from the member’s own data', async () => {
    const { cookie } = await signInMember(t);
    const other = await signInMember(t);
    await putOk(cookie, { display_name: 'Stat Star', wallpaper_css: GRADIENT, time_zone: 'UTC' });
    await t.request('/api/profile/set-status', { method: 'POST', cookie, body: { status: 'Shipping' } });
    await t.request('/api/profile/set-ai', {
      method: 'POST',
      cookie,
      body: { aiProvider: 'straico', aiModel: 'openai/gpt-4o-mini' },
    });
    const task = await createTaskAs(t, cookie);
    await t.request(`/api/tasks/${task.id}`, { method: 'PUT', cookie, body: { status: 'done' } });
    const started = await t.request('/api/pomodoro', {
      method: 'POST',
      cookie,
      body: { duration_minutes: 25 },
    });
    const { id } = (await started.json()) as { id: number };
    await t.request(`/api/pomodoro/${id}/complete`, { method: 'PUT', cookie, body: {} });
    // Another member's activity counts for them only.
    const theirs = await createTaskAs(t, other.cookie);
    await t.request(`/api/tasks/${theirs.id}`, {
      method: 'PUT',
      cookie: other.cookie,
      body: { status: 'done' },
    });

    expect(await me(cookie)).toMatchObject({
      display_name: 'Stat Star',
      status: 'Shipping',
      ai_provider: 'straico',
      ai_model: 'openai/gpt-4o-mini',
      wallpaper_css: GRADIENT,
      time_zone: 'UTC',
      stats: { tasksToday: 1, pomodoros: 1, streakDays: 1 },
    });
    expect((await me(other.cookie)).stats).toEqual({ tasksToday: 1, pomodoros: 0, streakDays: 1 });
  });

  it('counts "today" in the profile’s zone, else the asked zone, and refuses a malformed one', async () => {
    const { cookie } = await signInMember(t);
    const task = await createTaskAs(t, cookie);
    await t.request(`/api/tasks/${task.id}`, { method: 'PUT', cookie, body: { status: 'done' } });
    // 09:00 UTC is 23:00 of the same day in Kiritimati (UTC+14): done today there too.
    expect((await me(cookie, '?time_zone=Pacific/Kiritimati')).stats.tasksToday).toBe(1);
    t.clock.advance(12 * 60 * 60_000);
    // 21:00 UTC: a new day in Kiritimati, the same day in UTC.
    expect((await me(cookie, '?time_zone=Pacific/Kiritimati')).stats.tasksToday).toBe(0);
    expect((await me(cookie, '?time_zone=UTC')).stats.tasksToday).toBe(1);
    await putOk(cookie, { time_zone: 'Pacific/Kiritimati' });
    expect((await me(cookie, '?time_zone=UTC')).stats.tasksToday).toBe(0);
    t.clock.advance(-12 * 60 * 60_000);

    const bad = await t.request('/api/profile/me?time_zone=%3Cscript%3E', { cookie });
    expect(bad.status).toBe(400);
  });

  it('shows the sign-in picture only as a Lumara copy: a link to the provider’s host reads as none', async () => {
    const { cookie, user } = await signInMember(t);
    await t.db.update(users).set({ picture: 'https://lh3.example.com/p.jpg' }).where(eq(users.id, user.id));
    expect((await me(cookie)).avatar_url).toBeNull();
    const signedIn = (await (await t.request('/api/users/me', { cookie })).json()) as {
      google_user_data: { picture: unknown };
    };
    expect(signedIn.google_user_data.picture).toBeNull();

    const copy = storedAvatarPath(user.id);
    await t.db.update(users).set({ picture: copy }).where(eq(users.id, user.id));
    expect((await me(cookie)).avatar_url).toBe(copy);
    const own = storedAvatarPath(user.id);
    await t.db.insert(profiles).values({ userId: user.id, avatarUrl: own });
    expect((await me(cookie)).avatar_url).toBe(own);
  });
});

describe('status', () => {
  it('saves a trimmed status and refuses an empty or overlong one', async () => {
    const { cookie } = await signInMember(t);
    const saved = await t.request('/api/profile/set-status', {
      method: 'POST',
      cookie,
      body: { status: '  In the zone ' },
    });
    expect(await saved.json()).toEqual({ status: 'In the zone' });
    for (const status of ['   ', 's'.repeat(PROFILE_LIMITS.statusMax + 1)]) {
      const refused = await t.request('/api/profile/set-status', {
        method: 'POST',
        cookie,
        body: { status },
      });
      expect(Object.keys(await fieldsOf(refused))).toEqual(['status']);
    }
    expect((await getProfile(cookie)).status).toBe('In the zone');
  });
});

describe('the community shows the profile', () => {
  it('shows no picture from another host: an outside link kept from before reads as none', async () => {
    const author = await signInMember(t, { name: 'Old Row' });
    await t.db
      .update(users)
      .set({ picture: 'https://lh3.example.com/p.jpg' })
      .where(eq(users.id, author.user.id));
    await t.db
      .insert(profiles)
      .values({ userId: author.user.id, avatarUrl: 'https://tracker.example.com/p.png' });
    const post = await createPostAs(t, author.cookie, { title: 'Old avatar row' });
    const page = postPageSchema.parse(
      await (await t.request('/api/community/posts', { cookie: author.cookie })).json(),
    );
    expect(page.posts.find((shown) => shown.id === post.id)?.author_avatar).toBeNull();
  });

  it('names authors and members by their display name and avatar, else by their sign-in name', async () => {
    const author = await signInMember(t, { name: 'Sign-in Name' });
    const reader = await signInMember(t);
    const post = await createPostAs(t, author.cookie, { title: 'Hello from my profile' });
    await commentAs(t, author.cookie, post.id, 'Replying as myself');

    const before = postPageSchema.parse(
      await (await t.request('/api/community/posts', { cookie: reader.cookie })).json(),
    );
    expect(before.posts.find((post) => post.author_id === author.user.id)).toMatchObject({
      author_name: 'Sign-in Name',
      author_avatar: null,
    });

    // A Lumara copy, as `PUT /api/profile` and `set-avatar` store it (profile-images.test.ts copies real ones).
    const avatar = storedAvatarPath(author.user.id);
    await putOk(author.cookie, { display_name: 'Stage Name' });
    await t.db.update(profiles).set({ avatarUrl: avatar }).where(eq(profiles.userId, author.user.id));
    const after = postPageSchema.parse(
      await (await t.request('/api/community/posts', { cookie: reader.cookie })).json(),
    );
    expect(after.posts.find((post) => post.author_id === author.user.id)).toMatchObject({
      author_name: 'Stage Name',
      author_avatar: avatar,
    });
    const comments = commentListSchema.parse(
      await (await t.request(`/api/community/posts/${post.id}/comments`, { cookie: reader.cookie })).json(),
    );
    expect(comments[0]).toMatchObject({ author_name: 'Stage Name', author_avatar: avatar });
    const members = (await (
      await t.request('/api/community/members?limit=50', { cookie: reader.cookie })
    ).json()) as {
      members: unknown[];
    };
    const listed = members.members.map((member) => communityMemberSchema.parse(member));
    expect(listed.find((member) => member.id === author.user.id)?.display_name).toBe('Stage Name');
  });
});
