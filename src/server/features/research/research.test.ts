import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profiles } from '#server/db/schema.ts';
import { OPENALEX_SELECT } from '#server/providers/openalex-client.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { type ResearchResponse, researchResponseSchema } from '#shared/research.ts';
import { signInMember } from '#tests/factories/members.ts';
import {
  FAKE_API_KEY,
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '#tests/fakes/openai-compatible-server.ts';
import { type FakeOpenAlexServer, startFakeOpenAlexServer } from '#tests/fakes/openalex-server.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { SYNTHESIS_REPLY } from './research.service.ts';

/**
 * `POST /api/research` against a local OpenAlex and a local OpenRouter: the request sent
 * to OpenAlex, the items with their Harvard references, the synthesis and every way the two services fail.
 */

const MAILTO = 'research@lumara.test';
const SYNTHESIS =
  'Open access has grown steadily (Piwowar and Priem, 2018), and teaching it matters (Otieno and Silva, 2020).';

let openAlex: FakeOpenAlexServer;
let openRouter: FakeOpenAiServer;
/** Both services configured, OpenAlex with a polite-pool address. */
let t: TestApp;
/** OpenAlex only: no chat provider configured, no mailto. */
let bare: TestApp;
/** Short deadlines and no retries, for hanging services. */
let impatient: TestApp;
let cookie: string;

beforeAll(async () => {
  openAlex = await startFakeOpenAlexServer();
  openRouter = await startFakeOpenAiServer();
  const openRouterConfig = { apiKey: FAKE_API_KEY, baseUrl: openRouter.baseUrl };
  t = await buildTestApp({
    ai: { openAlex: { baseUrl: openAlex.baseUrl, mailto: MAILTO }, openRouter: openRouterConfig },
  });
  bare = await buildTestApp({ ai: { openAlex: { baseUrl: openAlex.baseUrl, mailto: undefined } } });
  impatient = await buildTestApp({
    ai: {
      openAlex: { baseUrl: openAlex.baseUrl, mailto: undefined },
      openRouter: openRouterConfig,
      timeoutMs: 400,
      maxRetries: 0,
    },
  });
  cookie = (await signInMember(t)).cookie;
});
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close(), impatient?.close()]);
  await Promise.all([openAlex?.close(), openRouter?.close()]);
});
beforeEach(() => {
  openAlex.reset();
  openRouter.reset();
});

const research = (app: TestApp, memberCookie: string, body: unknown) =>
  app.request('/api/research', { method: 'POST', cookie: memberCookie, body });

async function researchOk(app: TestApp, memberCookie: string, query: string): Promise<ResearchResponse> {
  const response = await research(app, memberCookie, { query });
  expect(response.status).toBe(200);
  return researchResponseSchema.parse(await response.json());
}

async function errorOf(response: Response) {
  return apiErrorBodySchema.parse(await response.json()).error;
}

describe('POST /api/research: the search', () => {
  it('answers the most relevant works of the last 10 years with Harvard references and a synthesis', async () => {
    openRouter.enqueue({ kind: 'reply', text: `  ${SYNTHESIS}\n` });
    const answer = await researchOk(t, cookie, 'open science');

    // The test clock says 22 November 2026: ten publication years are 2017–2026.
    expect(answer.yearMin).toBe(2017);
    expect(answer.query).toBe('open science');
    // Nine works match in the window (the 2012 one is filtered out); the eight most relevant are answered.
    expect(answer.count).toBe(9);
    expect(answer.items.map((item) => item.id)).toEqual([
      'W2741809807',
      'W3100000002',
      'W3100000003',
      'W3100000004',
      'W3100000005',
      'W3100000006',
      'W3100000007',
      'W3100000008',
    ]);
    expect(answer.items[0]).toEqual({
      id: 'W2741809807',
      title: 'The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles',
      year: 2018,
      harvard:
        'Piwowar, H. and Priem, J. (2018) ‘The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles’, PeerJ, 6, p. e4375. Available at: https://doi.org/10.7717/peerj.4375.',
      doiUrl: 'https://doi.org/10.7717/peerj.4375',
      oaUrl: 'https://peerj.com/articles/4375.pdf',
    });
    expect(answer.synthesis).toBe(SYNTHESIS);
  });

  it('takes the free copy from open_access, else the best OA location’s PDF, else its landing page', async () => {
    const { items } = await researchOk(bare, (await signInMember(bare)).cookie, 'open science');
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get('W2741809807')?.oaUrl).toBe('https://peerj.com/articles/4375.pdf');
    expect(byId.get('W3100000005')?.oaUrl).toBe('https://iris.who.int/bitstream/000000.pdf');
    expect(byId.get('W3100000002')?.oaUrl).toBe('https://repository.example.org/handle/123');
    expect(byId.get('W3100000006')?.oaUrl).toBeNull();
  });

  it('answers a work OpenAlex knows little about without inventing anything', async () => {
    const { items } = await researchOk(bare, (await signInMember(bare)).cookie, 'open science');
    expect(items.find((item) => item.id === 'W3100000003')).toEqual({
      id: 'W3100000003',
      title: 'Untitled work',
      year: 2019,
      harvard: 'Doe, J. (2019).',
      doiUrl: null,
      oaUrl: null,
    });
    // Markup and entities are gone from the title shown.
    expect(items.find((item) => item.id === 'W3100000007')?.title).toBe(
      'Open science for E. coli genomics & beyond',
    );
  });

  it('sends OpenAlex the search, the date filter, per-page 8, the select list and the mailto', async () => {
    await researchOk(t, cookie, 'open science');
    expect(openAlex.requests).toHaveLength(1);
    const [request] = openAlex.requests;
    expect(request?.path).toBe('/works');
    expect(request?.params).toEqual({
      search: 'open science',
      filter: 'from_publication_date:2017-01-01',
      'per-page': '8',
      select:
        'id,doi,title,display_name,publication_year,authorships,primary_location,biblio,open_access,best_oa_location,type',
      mailto: MAILTO,
    });
    expect(OPENALEX_SELECT.split(',')).toHaveLength(11);
  });

  it('leaves mailto out when none is configured', async () => {
    await researchOk(bare, (await signInMember(bare)).cookie, 'open science');
    expect(openAlex.requests[0]?.params).not.toHaveProperty('mailto');
  });

  it('moves the window with the clock: in 2027 it starts at 2018', async () => {
    const app = await buildTestApp({ ai: { openAlex: { baseUrl: openAlex.baseUrl, mailto: undefined } } });
    try {
      app.clock.advance(45 * 24 * 60 * 60 * 1000); // 6 January 2027
      const answer = await researchOk(app, (await signInMember(app)).cookie, 'open science');
      expect(answer.yearMin).toBe(2018);
      expect(openAlex.requests.at(-1)?.params.filter).toBe('from_publication_date:2018-01-01');
    } finally {
      await app.close();
    }
  });

  it('strips the wildcards OpenAlex refuses (? and *) and collapses spaces', async () => {
    const answer = await researchOk(t, cookie, '  open?   science* ');
    expect(openAlex.requests[0]?.params.search).toBe('open science');
    expect(answer.query).toBe('open science');
    expect(answer.items).toHaveLength(8);
  });

  it('answers no items and no synthesis, without asking the model, when nothing matches', async () => {
    const answer = await researchOk(t, cookie, 'quantum gravity');
    expect(answer).toEqual({
      query: 'quantum gravity',
      count: 0,
      yearMin: 2017,
      items: [],
      synthesis: 'Synthesis unavailable.',
    });
    expect(openRouter.chatRequests()).toHaveLength(0);
  });

  it('reads OpenAlex leniently: a result without an id is skipped, the others shown', async () => {
    openAlex.enqueue({
      status: 200,
      body: {
        meta: { count: 1234 },
        results: [
          { title: 'No id at all' },
          {
            id: 'https://openalex.org/W77',
            title: 'Kept',
            publication_year: '2020',
            authorships: 'not a list',
            biblio: 7,
          },
        ],
      },
    });
    const answer = await researchOk(bare, (await signInMember(bare)).cookie, 'anything');
    expect(answer.count).toBe(1234);
    expect(answer.items).toEqual([
      { id: 'W77', title: 'Kept', year: null, harvard: '(No date) ‘Kept’.', doiUrl: null, oaUrl: null },
    ]);
  });
});

describe('POST /api/research: the synthesis', () => {
  it('asks the member’s model to cite only the works found, as the Harvard style cites them', async () => {
    openRouter.enqueue({ kind: 'reply', text: SYNTHESIS });
    await researchOk(t, cookie, 'open science');
    const [request] = openRouter.chatRequests();
    expect(request?.body.model).toBe('openrouter/auto');
    expect(request?.body.max_tokens).toBe(SYNTHESIS_REPLY.maxTokens);
    const [system, user] = request?.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('150–200 words');
    expect(system?.content).toContain('ONLY the works listed');
    expect(user?.role).toBe('user');
    expect(user?.content).toContain('Research topic: open science');
    expect(user?.content).toContain('Cite as: (Piwowar and Priem, 2018)');
    expect(user?.content).toContain('Cite as: (van Beethoven, de la Cruz and Chen, 2021)');
    expect(user?.content).toContain('Title: Teaching open science in the classroom');
    expect(user?.content).toContain('Year: 2023');
    expect(user?.content).toContain('Reference: Rossi, S. et al. (2023)');
    // Only the eight works answered are offered for citing.
    expect(user?.content).not.toContain('Attitudes to open science');
  });

  it('reads no more of the answer than SYNTHESIS_REPLY.maxChars', async () => {
    openRouter.enqueue({ kind: 'reply', text: 'v'.repeat(50_000) });
    expect((await researchOk(t, cookie, 'open science')).synthesis).toBe(
      'v'.repeat(SYNTHESIS_REPLY.maxChars),
    );
  });

  it('uses the provider and model the member saved', async () => {
    const member = await signInMember(t);
    const saved = await t.request('/api/profile/set-ai', {
      method: 'POST',
      cookie: member.cookie,
      body: { aiProvider: 'openrouter', aiModel: 'anthropic/claude-sonnet-4.5' },
    });
    expect(saved.status).toBe(200);
    openRouter.enqueue({ kind: 'reply', text: SYNTHESIS });
    expect((await researchOk(t, member.cookie, 'open science')).synthesis).toBe(SYNTHESIS);
    expect(openRouter.chatRequests()[0]?.body.model).toBe('anthropic/claude-sonnet-4.5');
  });

  const unavailable: [string, () => void][] = [
    [
      'the provider refuses (400)',
      () => openRouter.enqueue({ kind: 'error', status: 400, message: 'Invalid request parameters' }),
    ],
    [
      'the provider fails (500, also on the retry)',
      () =>
        openRouter.enqueue(
          { kind: 'error', status: 500, message: 'Internal Server Error' },
          { kind: 'error', status: 500, message: 'Internal Server Error' },
        ),
    ],
    ['the provider answers an HTML page', () => openRouter.enqueue({ kind: 'garbage' })],
    ['the answer is empty', () => openRouter.enqueue({ kind: 'reply', text: '  \n ' })],
  ];
  for (const [what, steer] of unavailable) {
    it(`answers the items with 'Synthesis unavailable.' when ${what}`, async () => {
      steer();
      const answer = await researchOk(t, cookie, 'open science');
      expect(answer.items).toHaveLength(8);
      expect(answer.synthesis).toBe('Synthesis unavailable.');
    });
  }

  it("answers the items with 'Synthesis unavailable.' when the model takes too long", async () => {
    openRouter.enqueue({ kind: 'hang' });
    const answer = await researchOk(impatient, (await signInMember(impatient)).cookie, 'open science');
    expect(answer.items).toHaveLength(8);
    expect(answer.synthesis).toBe('Synthesis unavailable.');
  });

  it("answers the items with 'Synthesis unavailable.' when no chat provider is configured", async () => {
    const answer = await researchOk(bare, (await signInMember(bare)).cookie, 'open science');
    expect(answer.items).toHaveLength(8);
    expect(answer.synthesis).toBe('Synthesis unavailable.');
  });

  it("answers 'Synthesis unavailable.', calling no model, when the saved model is one the server does not offer", async () => {
    // Saved before the server stopped offering it (set-ai refuses it now).
    const { cookie: member, user } = await signInMember(t);
    await t.db
      .insert(profiles)
      .values({ userId: user.id, aiProvider: 'openrouter', aiModel: 'openai/o1-pro' });
    expect((await researchOk(t, member, 'open science')).synthesis).toBe('Synthesis unavailable.');
    expect(openRouter.chatRequests()).toHaveLength(0);
  });

  it("answers 'Synthesis unavailable.' when the member chose a provider that cannot chat or is not set up", async () => {
    for (const [aiProvider, aiModel] of [
      ['fal', 'fal-ai/flux/dev'],
      ['straico', 'openai/gpt-4o-mini'],
    ]) {
      const member = await signInMember(t);
      const saved = await t.request('/api/profile/set-ai', {
        method: 'POST',
        cookie: member.cookie,
        body: { aiProvider, aiModel },
      });
      expect(saved.status).toBe(200);
      const answer = await researchOk(t, member.cookie, 'open science');
      expect(answer.synthesis, aiProvider).toBe('Synthesis unavailable.');
    }
    expect(openRouter.chatRequests()).toHaveLength(0);
  });
});

describe('POST /api/research: when OpenAlex fails', () => {
  it('answers 502 with OpenAlex’s message when it fails with a 500 (after its retry)', async () => {
    const response = await research(t, cookie, { query: 'open science [fail]' });
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toEqual({
      code: 'provider_failed',
      message: 'OpenAlex: Something went wrong',
    });
    expect(openAlex.requests).toHaveLength(2);
    expect(openRouter.chatRequests()).toHaveLength(0);
  });

  it('answers 502 when OpenAlex sends an error body with status 200', async () => {
    const response = await research(t, cookie, { query: 'open science [error200]' });
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toEqual({
      code: 'provider_failed',
      message: 'OpenAlex: search is not a valid query: wildcard characters are not allowed',
    });
  });

  it('answers 502 with OpenAlex’s error when a 200 error body has no message', async () => {
    openAlex.enqueue({ status: 200, body: { error: 'Invalid query parameters error.' } });
    const response = await research(t, cookie, { query: 'open science' });
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toBe('OpenAlex: Invalid query parameters error.');
  });

  it('answers 502 at once, without retrying, when OpenAlex refuses the request (400)', async () => {
    openAlex.enqueue({
      status: 400,
      body: { error: 'Invalid query parameters error.', message: 'filter is not valid' },
    });
    const response = await research(t, cookie, { query: 'open science' });
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toBe('OpenAlex: filter is not valid');
    expect(openAlex.requests).toHaveLength(1);
  });

  it("answers 502 'Research search failed' when OpenAlex answers something unreadable", async () => {
    for (const steer of [
      () => openAlex.enqueue({ status: 200, body: { meta: { count: 1 } } }),
      () => openAlex.enqueue({ status: 200, body: 'not json at all' }),
    ]) {
      steer();
      const response = await research(t, cookie, { query: 'open science' });
      expect(response.status).toBe(502);
      expect(await errorOf(response)).toEqual({ code: 'provider_failed', message: 'Research search failed' });
    }
    const page = await research(t, cookie, { query: 'open science [garbage]' });
    expect(page.status).toBe(502);
    expect((await errorOf(page)).message).toBe('Research search failed');
  });

  it('answers 504 when OpenAlex does not answer in time', async () => {
    const response = await research(impatient, (await signInMember(impatient)).cookie, {
      query: 'open science [hang]',
    });
    expect(response.status).toBe(504);
    expect(await errorOf(response)).toEqual({
      code: 'provider_timeout',
      message: 'OpenAlex took too long to answer',
    });
  });

  it('answers 502 when OpenAlex cannot be reached', async () => {
    const offline = await buildTestApp();
    try {
      const response = await research(offline, (await signInMember(offline)).cookie, {
        query: 'open science',
      });
      expect(response.status).toBe(502);
      expect(await errorOf(response)).toEqual({
        code: 'provider_failed',
        message: 'OpenAlex: could not be reached',
      });
    } finally {
      await offline.close();
    }
  });
});

describe('POST /api/research: the request', () => {
  const emptyTopics: [string, unknown][] = [
    ['an empty query', { query: '' }],
    ['a query of spaces', { query: '   \n ' }],
    ['no query', {}],
    ['a null query', { query: null }],
    ['a query of wildcards only', { query: '?? *' }],
  ];
  for (const [what, body] of emptyTopics) {
    it(`answers 400 'Please enter a research topic first ✍️' to ${what}, and searches nothing`, async () => {
      const response = await research(t, cookie, body);
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('validation_failed');
      expect(error.message).toBe('Please enter a research topic first ✍️');
      expect(error.fields).toEqual({ query: 'Please enter a research topic first ✍️' });
      expect(openAlex.requests).toHaveLength(0);
      expect(openRouter.chatRequests()).toHaveLength(0);
    });
  }

  it('answers 400 to a query over 300 characters, and to a body that is not JSON', async () => {
    const long = await research(t, cookie, { query: 'x'.repeat(301) });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).message).toBe('At most 300 characters');
    const broken = await research(t, cookie, '{"query": ');
    expect(broken.status).toBe(400);
    expect(openAlex.requests).toHaveLength(0);
  });

  it('answers 401 to a visitor who is not signed in, and searches nothing', async () => {
    const response = await t.request('/api/research', { method: 'POST', body: { query: 'open science' } });
    expect(response.status).toBe(401);
    expect(openAlex.requests).toHaveLength(0);
  });

  it('counts against the member’s AI rate limit: 429 with Retry-After once over it', async () => {
    const limited = await buildTestApp({
      ai: { openAlex: { baseUrl: openAlex.baseUrl, mailto: undefined }, rateLimitPerMinute: 2 },
    });
    try {
      const member = await signInMember(limited);
      const other = await signInMember(limited);
      expect((await research(limited, member.cookie, { query: 'open science' })).status).toBe(200);
      expect((await research(limited, member.cookie, { query: 'open science' })).status).toBe(200);
      const over = await research(limited, member.cookie, { query: 'open science' });
      expect(over.status).toBe(429);
      expect((await errorOf(over)).code).toBe('rate_limited');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(openAlex.requests).toHaveLength(2);
      // Another member has their own share.
      expect((await research(limited, other.cookie, { query: 'open science' })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
