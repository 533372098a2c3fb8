import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgets } from '#server/db/schema.ts';
import { embedRefusalText } from '#server/lib/http/embed-refusal.ts';
import { embedRefusal } from '#shared/embeds.ts';
import { type Widget, widgetListSchema, widgetSchema } from '#shared/widgets.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildWidgetInput, createWidgetAs } from '#tests/factories/widgets.ts';
import { errorCodeOf } from '#tests/setup/sign-in-flow.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ appUrl: 'https://lumara.example' });
});
afterAll(() => t.close());

const UUID = '0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
const VIDEO = 'dQw4w9WgXcQ';
const TRACK = '4uLU6hMCjMI75M1A2tKUQC';

async function listAs(cookie: string): Promise<Widget[]> {
  const response = await t.request('/api/widgets', { cookie });
  expect(response.status).toBe(200);
  return widgetListSchema.parse(await response.json());
}

async function widgetCount(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(widgets);
  return row?.n ?? 0;
}

const post = (cookie: string, body: unknown) => t.request('/api/widgets', { method: 'POST', cookie, body });
const put = (cookie: string, id: number, body: unknown) =>
  t.request(`/api/widgets/${id}`, { method: 'PUT', cookie, body });

async function refusal(response: Response): Promise<{ code: string; message: string; url?: string }> {
  const body = (await response.json()) as {
    error: { code: string; message: string; fields?: Record<string, string> };
  };
  return { code: body.error.code, message: body.error.message, url: body.error.fields?.url };
}

/** The hosts the app's CSP lets a frame load, and which the server may store besides a generic https page. */
const PROVIDER_HOSTS = new Set([
  'suno.com',
  'www.youtube.com',
  'www.youtube-nocookie.com',
  'open.spotify.com',
  'calendar.google.com',
]);

describe('widgets', () => {
  it.each([
    [
      'a YouTube watch link',
      `https://www.youtube.com/watch?v=${VIDEO}&t=90`,
      'youtube',
      `https://www.youtube-nocookie.com/embed/${VIDEO}?start=90`,
    ],
    [
      'a youtu.be link',
      `https://youtu.be/${VIDEO}`,
      'youtube',
      `https://www.youtube-nocookie.com/embed/${VIDEO}`,
    ],
    [
      'a Spotify track',
      `https://open.spotify.com/intl-de/track/${TRACK}?si=abc`,
      'spotify',
      `https://open.spotify.com/embed/track/${TRACK}`,
    ],
    [
      'a Google Calendar id',
      'abc123@group.calendar.google.com',
      'gcal',
      'https://calendar.google.com/calendar/embed?src=abc123%40group.calendar.google.com',
    ],
    ['a Suno song', `https://suno.com/song/${UUID}?sh=x`, 'suno', `https://suno.com/embed/${UUID}`],
    [
      'a generic https page',
      'https://example.com/board?x=1#top',
      'iframe',
      'https://example.com/board?x=1#top',
    ],
    [
      'YouTube embed code',
      `<iframe width="560" height="315" src="https://www.youtube.com/embed/${VIDEO}" allowfullscreen></iframe>`,
      'youtube',
      `https://www.youtube-nocookie.com/embed/${VIDEO}`,
    ],
  ])(
    'derives the type and embed URL from %s, ignoring the type the client sent',
    async (_label, url, type, embed) => {
      const { cookie } = await signInMember(t);
      const response = await post(cookie, buildWidgetInput({ type: 'suno', url, title: '  My embed  ' }));
      expect(response.status).toBe(201);
      const created = widgetSchema.parse(await response.json());
      expect(created).toMatchObject({ type, url: embed, title: 'My embed', col_span: 6, row_span: 6 });
      expect(await listAs(cookie)).toEqual([created]);
      const [row] = await t.db.select().from(widgets).where(eq(widgets.id, created.id));
      expect(row?.url).toBe(embed);
    },
  );

  it('creates a profile widget without a URL, and refuses one with a URL', async () => {
    const { cookie } = await signInMember(t);
    const response = await post(cookie, { ...buildWidgetInput({ type: 'profile', title: 'Me' }), url: '' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ type: 'profile', url: null, title: 'Me' });
    const { url: _url, ...withoutUrl } = buildWidgetInput({ type: 'profile' });
    expect((await post(cookie, withoutUrl)).status).toBe(201);
    const withUrl = await post(cookie, buildWidgetInput({ type: 'profile' }));
    expect(withUrl.status).toBe(400);
    expect((await refusal(withUrl)).url).toMatch(/profile widget has no link/);
    expect(await listAs(cookie)).toHaveLength(2);
  });

  it('answers a Suno short link with 400 "Paste the full Suno song link"', async () => {
    const { cookie } = await signInMember(t);
    const response = await post(cookie, buildWidgetInput({ url: 'https://suno.com/s/AbCdEf12GhIj3456' }));
    expect(response.status).toBe(400);
    expect(await refusal(response)).toEqual({
      code: 'validation_failed',
      message: 'Paste the full Suno song link',
      url: 'Paste the full Suno song link',
    });
  });

  it.each([
    ['javascript:', 'javascript:alert(1)', embedRefusal.scheme],
    ['data:', 'data:text/html,<script>alert(1)</script>', embedRefusal.codeNoIframe],
    [
      'data: without markup',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      embedRefusal.scheme,
    ],
    ['the app itself', 'https://lumara.example/dashboard', embedRefusal.ownSite],
    ['the app itself on www', 'https://www.lumara.example/', embedRefusal.ownSite],
    ['an empty URL', '   ', embedRefusal.empty],
    ['plain http', 'http://example.com/', embedRefusal.insecure],
    ['a lookalike host', `https://suno.com.evil.example/song/${UUID}`, embedRefusal.lookalike('Suno')],
  ])('refuses %s with 400 and its reason, writing nothing', async (_label, url, reason) => {
    const { cookie } = await signInMember(t);
    const before = await widgetCount();
    const response = await post(cookie, buildWidgetInput({ url }));
    expect(response.status).toBe(400);
    const words = embedRefusalText(reason);
    expect(await refusal(response)).toEqual({ code: 'validation_failed', message: words, url: words });
    expect(await widgetCount()).toBe(before);
  });

  it.each([
    ['an empty title', { title: '   ' }],
    ['no title', { title: undefined }],
    ['a huge title', { title: 'x'.repeat(101) }],
    ['a width of 4', { col_span: 4 }],
    ['a width of 0', { col_span: 0 }],
    ['a width of 15', { col_span: 15 }],
    ['a width as text', { col_span: '6' }],
    ['a height of 12', { row_span: 12 }],
    ['a height of 1', { row_span: 1 }],
    ['an unknown type', { type: 'html' }],
    ['a negative order', { order_index: -1 }],
    ['a fractional order', { order_index: 0.5 }],
    ['an unknown field', { user_id: 1 }],
    ['a URL that is not text', { url: 42 }],
    ['a URL too long', { url: `https://example.com/${'a'.repeat(5000)}` }],
  ])('answers 400 to %s and writes nothing', async (_label, overrides) => {
    const { cookie } = await signInMember(t);
    const before = await widgetCount();
    const response = await post(cookie, { ...buildWidgetInput(), ...overrides });
    expect(response.status).toBe(400);
    expect(await errorCodeOf(response)).toBe('validation_failed');
    expect(await widgetCount()).toBe(before);
  });

  it('accepts every width and height of the form', async () => {
    const { cookie } = await signInMember(t);
    for (const col_span of [3, 6, 9, 12] as const) {
      for (const row_span of [3, 6, 9] as const) {
        await createWidgetAs(t, cookie, { col_span, row_span });
      }
    }
    const spans = (await listAs(cookie)).map((w) => `${w.col_span}x${w.row_span}`);
    expect(spans).toEqual([
      '3x3',
      '3x6',
      '3x9',
      '6x3',
      '6x6',
      '6x9',
      '9x3',
      '9x6',
      '9x9',
      '12x3',
      '12x6',
      '12x9',
    ]);
  });

  it('answers 400 to a malformed body', async () => {
    const { cookie } = await signInMember(t);
    const response = await t.request('/api/widgets', { method: 'POST', cookie, body: '{not json' });
    expect(response.status).toBe(400);
  });

  it('places new widgets at order_index, and keeps a reorder across a re-list', async () => {
    const { cookie } = await signInMember(t);
    const a = await createWidgetAs(t, cookie, { title: 'a' });
    const b = await createWidgetAs(t, cookie, { title: 'b' });
    const c = await createWidgetAs(t, cookie, { title: 'c', order_index: 0 });
    expect((await listAs(cookie)).map((w) => [w.title, w.order_index])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    const moved = await put(cookie, c.id, { order_index: 2 });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ id: c.id, order_index: 2 });
    expect((await listAs(cookie)).map((w) => [w.title, w.order_index])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    // Past the end means last; a resize may come with the move.
    const resized = await put(cookie, a.id, { order_index: 99, col_span: 12, row_span: 3 });
    expect(await resized.json()).toMatchObject({ id: a.id, order_index: 2, col_span: 12, row_span: 3 });
    expect((await listAs(cookie)).map((w) => w.id)).toEqual([b.id, c.id, a.id]);
  });

  it('refuses bad reorders without changing anything', async () => {
    const { cookie } = await signInMember(t);
    const a = await createWidgetAs(t, cookie, { title: 'a' });
    await createWidgetAs(t, cookie, { title: 'b' });
    const before = await listAs(cookie);
    for (const body of [
      {},
      { order_index: -1 },
      { order_index: 1.5 },
      { order_index: '1' },
      { order_index: 1, col_span: 5 },
      { order_index: 1, row_span: 12 },
      { order_index: 1, url: 'javascript:alert(1)' },
      { order_index: 1, type: 'iframe' },
    ]) {
      expect((await put(cookie, a.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await listAs(cookie)).toEqual(before);
  });

  it('deletes a widget', async () => {
    const { cookie } = await signInMember(t);
    const a = await createWidgetAs(t, cookie, { title: 'a' });
    const b = await createWidgetAs(t, cookie, { title: 'b' });
    const deleted = await t.request(`/api/widgets/${a.id}`, { method: 'DELETE', cookie });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ success: true });
    expect((await listAs(cookie)).map((w) => w.id)).toEqual([b.id]);
    expect((await t.request(`/api/widgets/${a.id}`, { method: 'DELETE', cookie })).status).toBe(404);
  });

  it('never shows, moves or deletes another member’s widget: 404, and nothing changes', async () => {
    const owner = await signInMember(t);
    const other = await signInMember(t);
    const mine = await createWidgetAs(t, owner.cookie, { title: 'Mine' });
    const theirs = await createWidgetAs(t, other.cookie, { title: 'Theirs' });
    expect(await listAs(other.cookie)).toEqual([theirs]);
    for (const response of [
      await put(other.cookie, mine.id, { order_index: 0, col_span: 12 }),
      await t.request(`/api/widgets/${mine.id}`, { method: 'DELETE', cookie: other.cookie }),
    ]) {
      expect(response.status).toBe(404);
      expect(await errorCodeOf(response)).toBe('not_found');
    }
    expect(await listAs(owner.cookie)).toEqual([mine]);
    expect(await listAs(other.cookie)).toEqual([theirs]);
  });

  it('answers 404 to ids that name nothing', async () => {
    const { cookie } = await signInMember(t);
    for (const id of ['0', '-1', 'abc', '99999999', '1e3', '9999999999999']) {
      expect((await t.request(`/api/widgets/${id}`, { method: 'DELETE', cookie })).status).toBe(404);
      expect(
        (await t.request(`/api/widgets/${id}`, { method: 'PUT', cookie, body: { order_index: 0 } })).status,
      ).toBe(404);
    }
  });

  it('takes concurrent creations without losing one or tying an order', async () => {
    const { cookie } = await signInMember(t);
    await Promise.all(Array.from({ length: 12 }, (_, i) => createWidgetAs(t, cookie, { title: `w${i}` })));
    const list = await listAs(cookie);
    expect(list).toHaveLength(12);
    expect(list.map((w) => w.order_index)).toEqual(list.map((_, i) => i));
  });

  describe('XSS corpus of pasted embed code', () => {
    const corpus = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<iframe src="JaVaScRiPt:alert(document.cookie)"></iframe>',
      '<iframe src="&#106;avascript:alert(1)"></iframe>',
      '<iframe src="&#x6A;avascript&colon;alert(1)"></iframe>',
      '<iframe src="java\tscript:alert(1)"></iframe>',
      '<iframe src=" javascript:alert(1)"></iframe>',
      '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
      '<iframe src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></iframe>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" srcdoc="<script>alert(1)</script>"></iframe>',
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" onload="alert(1)"></iframe>',
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe><script>alert(1)</script>',
      '<iframe src="https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC" onerror=alert(1)></iframe>',
      '<iframe src="https://example.com/x" src="javascript:alert(1)"></iframe>',
      '<iframe src="https://example.com/x"></iframe><iframe src="javascript:alert(1)"></iframe>',
      '<iframe src="https://example.com/"><script>alert(1)</script>',
      '<iframe src="https://example.com/\'onload=\'alert(1)"></iframe>',
      '<iframe src=https://example.com/"><script>alert(1)</script>></iframe>',
      '<iframe src="https://example.com/`onload=`alert(1)"></iframe>',
      '<iframe src="https://suno.com.evil.example/embed/0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b"></iframe>',
      '<iframe src="https://suno.com@evil.example/embed/x"></iframe>',
      '<iframe src="//evil.example/x"></iframe>',
      '<iframe src="http://127.0.0.1:3000/api/users/me"></iframe>',
      '<iframe src="https://lumara.example/api/logout"></iframe>',
      '<iframe src="vbscript:msgbox(1)"></iframe>',
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1&amp;x=&quot;><script>alert(1)</script>"></iframe>',
      '<iframe src="https://example.com/\\@evil.example"></iframe>',
      '<IFRAME SRC="https://calendar.google.com/calendar/embed?src=a%40gmail.com&ctz=<script>"></IFRAME>',
      '"><script>alert(1)</script>',
      '<iframe src="https://example.com/\u202Egnp.exe"></iframe>',
      '<iframe src="https://xn--yutube-wqf.com/embed/x"></iframe>',
      '<iframe src=\'https://www.youtube.com/embed/dQw4w9WgXcQ\' onmouseover="alert(1)"',
    ];

    it('has at least 25 pasted embed codes', () => {
      expect(corpus.length).toBeGreaterThanOrEqual(25);
    });

    it.each(corpus.map((code, i) => [i, code]))(
      '#%i is answered 400 or stored as a safe https URL',
      async (_i, code) => {
        const { cookie } = await signInMember(t);
        const response = await post(cookie, buildWidgetInput({ url: code }));
        expect([201, 400]).toContain(response.status);
        const list = await listAs(cookie);
        if (response.status === 400) {
          expect(await errorCodeOf(response)).toBe('validation_failed');
          expect(list).toEqual([]);
          return;
        }
        const created = widgetSchema.parse(await response.json());
        expect(list).toEqual([created]);
        const [row] = await t.db.select().from(widgets).where(eq(widgets.id, created.id));
        const stored = row?.url ?? '';
        // Never the pasted code, nothing that could close an attribute or open a tag, https on a real host.
        expect(stored).not.toBe(code);
        expect(stored).not.toMatch(/[<>"'`\s\\]/);
        const url = new URL(stored);
        expect(url.protocol).toBe('https:');
        expect(url.username + url.password).toBe('');
        expect(url.hostname).not.toBe('lumara.example');
        expect(url.hostname).not.toMatch(/^(?:\d+\.){3}\d+$|^xn--|localhost/);
        if (created.type === 'iframe') expect(url.hostname).toBe('example.com');
        else expect(PROVIDER_HOSTS.has(url.hostname)).toBe(true);
      },
    );
  });
});
