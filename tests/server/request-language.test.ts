import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * What the server writes for a member to read comes in the language the request asks for
 * (Accept-Language, which the browser app sets to the interface's language); codes stay the same.
 */
let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('answers in the request’s language', () => {
  const spanish = { 'accept-language': 'es-ES,es;q=0.9' };

  it('translates an error’s message and its fields’ reasons, own and zod’s, and keeps the code', async () => {
    const { cookie } = await signInMember(t);
    const english = await t.request('/api/tasks', { method: 'POST', cookie, body: { title: '' } });
    const englishBody = await english.json();
    const response = await t.request('/api/tasks', {
      method: 'POST',
      cookie,
      body: { title: '' },
      headers: spanish,
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe(englishBody.error.code);
    expect(body.error.message).toBe('Faltan campos o hay alguno incorrecto');
    expect(body.error.fields.title).toBe('Escribe un título');

    const wrongType = await t.request('/api/tasks', {
      method: 'POST',
      cookie,
      body: { title: 5 },
      headers: spanish,
    });
    const reason: string = (await wrongType.json()).error.fields.title;
    expect(reason).toMatch(/se esperaba/i);
  });

  it('translates a built message with its parts, and the fallbacks of the app', async () => {
    const { cookie } = await signInMember(t);
    const missing = await t.request('/api/tasks/999999', {
      method: 'PUT',
      cookie,
      body: { title: 'x' },
      headers: spanish,
    });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toEqual({ code: 'not_found', message: 'Esa tarea no existe' });

    const route = await t.request('/api/no-such-route', { cookie, headers: spanish });
    expect((await route.json()).error.message).toBe('Esa ruta de la API no existe');
    const signedOut = await t.request('/api/tasks', { headers: spanish });
    expect((await signedOut.json()).error).toEqual({
      code: 'unauthenticated',
      message: 'Inicia sesión para continuar',
    });
  });

  it('stays in English for English, an unknown language, or no header', async () => {
    const cases: Record<string, string>[] = [
      { 'accept-language': 'en-US' },
      { 'accept-language': 'fr, de;q=0.5' },
      {},
    ];
    for (const headers of cases) {
      const response = await t.request('/api/tasks', { headers });
      expect((await response.json()).error.message).toBe('Sign in to continue');
    }
  });
});

describe('the member’s language on the profile', () => {
  it('is saved, answered by profile and me, cleared with null, and only en or es', async () => {
    const { cookie } = await signInMember(t);
    const me = async () => (await (await t.request('/api/profile/me', { cookie })).json()).language;
    expect(await me()).toBeNull();

    const saved = await t.request('/api/profile', { method: 'PUT', cookie, body: { language: 'es' } });
    expect(saved.status).toBe(200);
    expect((await saved.json()).language).toBe('es');
    expect(await me()).toBe('es');

    const refused = await t.request('/api/profile', { method: 'PUT', cookie, body: { language: 'fr' } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toHaveProperty('language');
    expect(await me()).toBe('es');

    await t.request('/api/profile', { method: 'PUT', cookie, body: { language: null } });
    expect(await me()).toBeNull();
  });
});
