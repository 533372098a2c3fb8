import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickActions } from '#server/db/schema.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import {
  defaultQuickActions,
  type QuickAction,
  quickActionSchema,
  quickActionsResponseSchema,
  SELECTION_PLACEHOLDER,
} from '#shared/quick-actions.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildQuickActionInput, createQuickActionAs } from '#tests/factories/quick-actions.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { MAX_QUICK_ACTIONS } from './quick-actions.service.ts';

/** Quick actions: a member's own row of prompt buttons, and the five defaults to seed. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function listAs(cookie: string): Promise<QuickAction[]> {
  const response = await t.request('/api/quick-actions', { cookie });
  expect(response.status).toBe(200);
  return quickActionsResponseSchema.parse(await response.json());
}

async function rowsOf(userId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(quickActions)
    .where(eq(quickActions.userId, userId));
  return row?.n ?? 0;
}

const create = (cookie: string, body: unknown) =>
  t.request('/api/quick-actions', { method: 'POST', cookie, body });
const seed = (cookie: string) => t.request('/api/quick-actions/seed', { method: 'POST', cookie });

describe('GET/POST/DELETE /api/quick-actions', () => {
  it('starts empty, creates an action, lists it and deletes it', async () => {
    const { cookie } = await signInMember(t);
    expect(await listAs(cookie)).toEqual([]);

    const response = await create(
      cookie,
      buildQuickActionInput({
        label: '  Tidy up  ',
        icon: '🧹',
        category: 'Writing',
        payload: { maxChars: 700 },
      }),
    );
    expect(response.status).toBe(201);
    const action = quickActionSchema.parse(await response.json());
    expect(action).toEqual({
      id: expect.any(Number),
      label: 'Tidy up',
      icon: '🧹',
      category: 'Writing',
      payload: {
        provider: 'openrouter',
        model: 'openrouter/auto',
        type: 'chat',
        maxChars: 700,
        promptTemplate: `Rewrite this: ${SELECTION_PLACEHOLDER}`,
      },
    });
    expect(await listAs(cookie)).toEqual([action]);

    const deleted = await t.request(`/api/quick-actions/${action.id}`, { method: 'DELETE', cookie });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ success: true });
    expect(await listAs(cookie)).toEqual([]);

    const again = await t.request(`/api/quick-actions/${action.id}`, { method: 'DELETE', cookie });
    expect(again.status).toBe(404);
  });

  it('lists the member’s actions by id, oldest first', async () => {
    const { cookie } = await signInMember(t);
    const first = await createQuickActionAs(t, cookie, { label: 'First' });
    const second = await createQuickActionAs(t, cookie, { label: 'Second' });
    const third = await createQuickActionAs(t, cookie, { label: 'Third' });
    expect((await listAs(cookie)).map((a) => a.id)).toEqual([first.id, second.id, third.id]);
  });

  it('applies the defaults: icon ✨, category General, maxChars 4000', async () => {
    const { cookie } = await signInMember(t);
    const response = await create(cookie, {
      label: 'Bare',
      payload: {
        provider: 'straico',
        model: 'openai/gpt-4o-mini',
        type: 'research',
        promptTemplate: SELECTION_PLACEHOLDER,
      },
    });
    expect(response.status).toBe(201);
    const action = quickActionSchema.parse(await response.json());
    expect(action).toMatchObject({
      icon: '✨',
      category: 'General',
      payload: { maxChars: 4000, type: 'research' },
    });
  });

  it('accepts the payload as JSON text, as older clients send it, and answers it as an object', async () => {
    const { cookie, user } = await signInMember(t);
    const payload = {
      provider: 'openrouter',
      model: 'anthropic/claude-sonnet-4.5',
      type: 'chat',
      maxChars: 900,
      promptTemplate: `Translate to Spanish: ${SELECTION_PLACEHOLDER}`,
    };
    const response = await create(cookie, buildQuickActionInput({ payload: JSON.stringify(payload) }));
    expect(response.status).toBe(201);
    const action = quickActionSchema.parse(await response.json());
    expect(action.payload).toEqual(payload);
    // Stored as JSON (jsonb), not as a string inside JSON.
    const [row] = await t.db.select().from(quickActions).where(eq(quickActions.userId, user.id));
    expect(row?.payload).toEqual(payload);
    expect((await listAs(cookie))[0]?.payload).toEqual(payload);
  });

  const invalid: [string, unknown, string][] = [
    [
      'a template without the placeholder',
      buildQuickActionInput({ payload: { promptTemplate: 'No slot here' } }),
      'payload.promptTemplate',
    ],
    ['maxChars 0', buildQuickActionInput({ payload: { maxChars: 0 } }), 'payload.maxChars'],
    ['maxChars 5000', buildQuickActionInput({ payload: { maxChars: 5000 } }), 'payload.maxChars'],
    ['maxChars 1.5', buildQuickActionInput({ payload: { maxChars: 1.5 } }), 'payload.maxChars'],
    ['an unknown provider', buildQuickActionInput({ payload: { provider: 'skynet' } }), 'payload.provider'],
    ['a model id with spaces', buildQuickActionInput({ payload: { model: 'gpt 4' } }), 'payload.model'],
    ['an unknown type', buildQuickActionInput({ payload: { type: 'image' } }), 'payload.type'],
    ['an empty label', buildQuickActionInput({ label: '   ' }), 'label'],
    ['a label of 61 characters', buildQuickActionInput({ label: 'x'.repeat(61) }), 'label'],
    ['an icon of 17 characters', buildQuickActionInput({ icon: 'x'.repeat(17) }), 'icon'],
    ['a category of 41 characters', buildQuickActionInput({ category: 'x'.repeat(41) }), 'category'],
    [
      'a payload that is invalid JSON text',
      buildQuickActionInput({ payload: '{"provider": "openrouter",' }),
      'payload',
    ],
    [
      'a payload that is JSON text of the wrong shape',
      buildQuickActionInput({ payload: '[1, 2, 3]' }),
      'payload',
    ],
    ['no payload', { label: 'Nothing' }, 'payload'],
    ['a body that is not an object', [1, 2], '(body)'],
  ];
  for (const [what, body, field] of invalid) {
    it(`refuses ${what} with 400 and writes nothing`, async () => {
      const { cookie, user } = await signInMember(t);
      const response = await create(cookie, body);
      expect(response.status).toBe(400);
      const error = apiErrorBodySchema.parse(await response.json()).error;
      expect(error.code).toBe('validation_failed');
      expect(error.fields?.[field]).toEqual(expect.any(String));
      expect(await rowsOf(user.id)).toBe(0);
    });
  }

  it('says which placeholder the template needs', async () => {
    const { cookie } = await signInMember(t);
    const response = await create(cookie, buildQuickActionInput({ payload: { promptTemplate: 'No slot' } }));
    const error = apiErrorBodySchema.parse(await response.json()).error;
    expect(error.fields?.['payload.promptTemplate']).toContain(SELECTION_PLACEHOLDER);
  });

  it('refuses malformed JSON with 400', async () => {
    const { cookie, user } = await signInMember(t);
    const response = await create(cookie, '{"label": ');
    expect(response.status).toBe(400);
    expect(await rowsOf(user.id)).toBe(0);
  });

  it(`holds at most ${MAX_QUICK_ACTIONS} actions per member: the next is 409 and not written`, async () => {
    const { cookie, user } = await signInMember(t);
    await t.db.insert(quickActions).values(
      Array.from({ length: MAX_QUICK_ACTIONS }, (_, i) => ({
        userId: user.id,
        label: `Filler ${i}`,
        icon: '✨',
        category: 'General',
        payload: {
          provider: 'openrouter',
          model: 'openrouter/auto',
          type: 'chat',
          maxChars: 4000,
          promptTemplate: SELECTION_PLACEHOLDER,
        },
      })),
    );
    const response = await create(cookie, buildQuickActionInput());
    expect(response.status).toBe(409);
    const error = apiErrorBodySchema.parse(await response.json()).error;
    expect(error.code).toBe('conflict');
    expect(error.message).toContain(`${MAX_QUICK_ACTIONS}`);
    expect(await rowsOf(user.id)).toBe(MAX_QUICK_ACTIONS);

    // Deleting one makes room again.
    const [first] = await listAs(cookie);
    await t.request(`/api/quick-actions/${first?.id}`, { method: 'DELETE', cookie });
    expect((await create(cookie, buildQuickActionInput())).status).toBe(201);
  });

  it(`cannot pass ${MAX_QUICK_ACTIONS} with concurrent creates`, async () => {
    const { cookie, user } = await signInMember(t);
    await t.db.insert(quickActions).values(
      Array.from({ length: MAX_QUICK_ACTIONS - 2 }, (_, i) => ({
        userId: user.id,
        label: `Filler ${i}`,
        icon: '✨',
        category: 'General',
        payload: {
          provider: 'openrouter',
          model: 'openrouter/auto',
          type: 'chat',
          maxChars: 10,
          promptTemplate: SELECTION_PLACEHOLDER,
        },
      })),
    );
    const statuses = (
      await Promise.all(Array.from({ length: 5 }, () => create(cookie, buildQuickActionInput())))
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    expect(await rowsOf(user.id)).toBe(MAX_QUICK_ACTIONS);
  });
});

describe('isolation between members', () => {
  it('lists only the member’s own actions, and another member’s action is 404 to delete (and survives)', async () => {
    const ada = await signInMember(t);
    const bob = await signInMember(t);
    const adas = await createQuickActionAs(t, ada.cookie, { label: 'Ada’s' });
    const bobs = await createQuickActionAs(t, bob.cookie, { label: 'Bob’s' });

    expect(await listAs(ada.cookie)).toEqual([adas]);
    expect(await listAs(bob.cookie)).toEqual([bobs]);

    const response = await t.request(`/api/quick-actions/${adas.id}`, {
      method: 'DELETE',
      cookie: bob.cookie,
    });
    expect(response.status).toBe(404);
    expect(apiErrorBodySchema.parse(await response.json()).error.code).toBe('not_found');
    expect(await listAs(ada.cookie)).toEqual([adas]);
  });

  it('answers 404 for ids that are not ids', async () => {
    const { cookie } = await signInMember(t);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await t.request(`/api/quick-actions/${id}`, { method: 'DELETE', cookie });
      expect(response.status, id).toBe(404);
    }
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    expect((await t.request('/api/quick-actions')).status).toBe(401);
    expect((await create('', buildQuickActionInput())).status).toBe(401);
    expect((await seed('')).status).toBe(401);
    expect((await t.request('/api/quick-actions/1', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('POST /api/quick-actions/seed', () => {
  it('gives a member without actions the five defaults, maxChars 1000, 900, 500, 800, 2000', async () => {
    const { cookie } = await signInMember(t);
    const response = await seed(cookie);
    expect(response.status).toBe(201);
    const seeded = quickActionsResponseSchema.parse(await response.json());
    expect(seeded.map((a) => a.label)).toEqual(defaultQuickActions.map((a) => a.label));
    expect(seeded.map((a) => a.payload.maxChars)).toEqual([1000, 900, 500, 800, 2000]);
    expect(seeded.every((a) => a.payload.promptTemplate.includes(SELECTION_PLACEHOLDER))).toBe(true);
    expect(await listAs(cookie)).toEqual(seeded);
  });

  it('adds nothing the second time, and answers the current list', async () => {
    const { cookie, user } = await signInMember(t);
    const first = quickActionsResponseSchema.parse(await (await seed(cookie)).json());
    const second = await seed(cookie);
    expect(second.status).toBe(200);
    expect(quickActionsResponseSchema.parse(await second.json())).toEqual(first);
    expect(await rowsOf(user.id)).toBe(5);
  });

  it('seeds once when clicked several times at once', async () => {
    const { cookie, user } = await signInMember(t);
    const responses = await Promise.all(Array.from({ length: 4 }, () => seed(cookie)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    for (const response of responses)
      expect(quickActionsResponseSchema.parse(await response.json())).toHaveLength(5);
    expect(await rowsOf(user.id)).toBe(5);
  });

  it('does not seed a member who already has an action of their own', async () => {
    const { cookie, user } = await signInMember(t);
    const mine = await createQuickActionAs(t, cookie);
    const response = await seed(cookie);
    expect(response.status).toBe(200);
    expect(quickActionsResponseSchema.parse(await response.json())).toEqual([mine]);
    expect(await rowsOf(user.id)).toBe(1);
  });

  it('seeds each member separately', async () => {
    const ada = await signInMember(t);
    const bob = await signInMember(t);
    await seed(ada.cookie);
    expect(await listAs(bob.cookie)).toEqual([]);
    expect((await seed(bob.cookie)).status).toBe(201);
    expect(await rowsOf(bob.user.id)).toBe(5);
    expect(await rowsOf(ada.user.id)).toBe(5);
  });
});
