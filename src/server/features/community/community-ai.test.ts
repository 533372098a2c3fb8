import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_AI_MODEL } from '#shared/ai.ts';
import { type CommunityAiResponse, communityAiResponseSchema } from '#shared/community.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { signInMember } from '#tests/factories/members.ts';
import {
  FAKE_API_KEY,
  type FakeOpenAiServer,
  startFakeOpenAiServer,
  whitespaceFlood,
} from '#tests/fakes/openai-compatible-server.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { COMMUNITY_HELPER_INSTRUCTIONS, cleanHelperAnswer, HELPER_REPLY } from './community-ai.service.ts';

/**
 * The community's AI writing helpers through the real app against the fake OpenRouter of
 * tests/fakes. Only OpenRouter is configured, which is how the 503 of an unconfigured provider is reached.
 */

let fake: FakeOpenAiServer;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  t = await buildTestApp({ ai: { openRouter: { apiKey: FAKE_API_KEY, baseUrl: fake.baseUrl } } });
  ({ cookie } = await signInMember(t));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const post = (path: string, body: unknown, as = cookie, app = t) =>
  app.request(`/api/community/ai/${path}`, { method: 'POST', cookie: as, body });

async function answerOf(response: Response): Promise<CommunityAiResponse> {
  expect(response.status).toBe(200);
  return communityAiResponseSchema.parse(await response.json());
}

async function errorOf(response: Response, status: number) {
  expect(response.status).toBe(status);
  return apiErrorBodySchema.parse(await response.json()).error;
}

/** What the helper sent the model: its instructions and the member's fenced material. */
function sentPrompt(index = 0) {
  const request = fake.chatRequests()[index];
  if (!request) throw new Error(`no chat request #${index} reached the fake`);
  const messages = request.body.messages ?? [];
  expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
  return { model: request.body.model, system: messages[0]?.content ?? '', user: messages[1]?.content ?? '' };
}

const reply = (text: string) => fake.enqueue({ kind: 'reply', text });

describe('POST /api/community/ai/generate-text', () => {
  it('writes a post about the topic in the vibe and language asked, with the default model', async () => {
    reply('  Brewing a slow cup of tea today ☕ What is your cozy ritual?  ');
    const answer = await answerOf(
      await post('generate-text', { topic: 'Morning tea rituals', vibe: 'cozy', lang: 'en' }),
    );
    expect(answer).toEqual({
      text: 'Brewing a slow cup of tea today ☕ What is your cozy ritual?',
      lang: 'en',
    });

    const prompt = sentPrompt();
    expect(prompt.model).toBe(DEFAULT_AI_MODEL);
    expect(prompt.system.startsWith(COMMUNITY_HELPER_INSTRUCTIONS)).toBe(true);
    expect(prompt.system).toContain('Make its vibe cozy.');
    expect(prompt.system).toContain('Write it in English.');
    expect(prompt.user).toBe('<topic>\nMorning tea rituals\n</topic>');
  });

  it("writes in Spanish for 'es', and in the topic's own language for 'auto' (answered as 'auto')", async () => {
    reply('¡Hola comunidad!');
    expect(
      await answerOf(await post('generate-text', { topic: 'Pintura', vibe: 'funny', lang: 'es' })),
    ).toEqual({ text: '¡Hola comunidad!', lang: 'es' });
    expect(sentPrompt(0).system).toContain('Write it in Spanish.');

    reply('Un post sobre acuarelas');
    // vibe and lang default to friendly and auto.
    expect(await answerOf(await post('generate-text', { topic: 'Acuarelas para principiantes' }))).toEqual({
      text: 'Un post sobre acuarelas',
      lang: 'auto',
    });
    const auto = sentPrompt(1);
    expect(auto.system).toContain('Make its vibe friendly.');
    expect(auto.system).toContain('Write it in the same language the topic is written in.');
    expect(auto.user).toContain('Acuarelas para principiantes');
  });

  it("uses the member's saved model, and the one the request names over it", async () => {
    const member = await signInMember(t);
    const saved = await t.request('/api/profile/set-ai', {
      method: 'POST',
      cookie: member.cookie,
      body: { aiProvider: 'openrouter', aiModel: 'meta-llama/llama-3.3-70b-instruct' },
    });
    expect(saved.status).toBe(200);
    await answerOf(await post('generate-text', { topic: 'Focus' }, member.cookie));
    await answerOf(
      await post(
        'generate-text',
        { topic: 'Focus', provider: 'openrouter', model: 'google/gemini-2.5-flash' },
        member.cookie,
      ),
    );
    expect(fake.chatRequests().map((r) => r.body.model)).toEqual([
      'meta-llama/llama-3.3-70b-instruct',
      'google/gemini-2.5-flash',
    ]);
  });
});

describe('POST /api/community/ai/improve', () => {
  it('improves the text with the goals given, keeping its language', async () => {
    reply('Here is your improved post:\n\n"I finished my first watercolor, and I love how it turned out!"');
    const answer = await answerOf(
      await post('improve', { body: 'i finish my first watercolor i love it', goals: 'more enthusiastic' }),
    );
    expect(answer).toEqual({
      text: 'I finished my first watercolor, and I love how it turned out!',
      lang: 'auto',
    });
    const prompt = sentPrompt();
    expect(prompt.system).toContain("Improve the member's post");
    expect(prompt.system).toContain('never translate it');
    expect(prompt.system).toContain("The member's goals for this edit: more enthusiastic");
    expect(prompt.user).toBe('<text>\ni finish my first watercolor i love it\n</text>');
  });

  it('asks for no particular goals when none are given', async () => {
    await answerOf(await post('improve', { body: 'Short note' }));
    expect(sentPrompt().system).not.toContain('goals');
  });

  it('asks for at most HELPER_REPLY.maxTokens, and answers a whitespace-flooded answer as it came', async () => {
    const answer = await answerOf(await post('improve', { body: 'Short note [whitespace-flood]' }));
    expect(answer.text).toBe(whitespaceFlood('<text>'));
    expect(fake.chatRequests()[0]?.body.max_tokens).toBe(HELPER_REPLY.maxTokens);
  });

  it('reads no more of the answer than HELPER_REPLY.maxChars', async () => {
    reply('w'.repeat(50_000));
    const answer = await answerOf(await post('improve', { body: 'Short note' }));
    expect(answer.text).toBe('w'.repeat(HELPER_REPLY.maxChars));
  });
});

describe('POST /api/community/ai/translate', () => {
  it('translates into the target and answers that language', async () => {
    reply('<text>\nHoy terminé mi primera acuarela.\n</text>');
    expect(
      await answerOf(
        await post('translate', { body: 'Today I finished my first watercolor.', target: 'es' }),
      ),
    ).toEqual({ text: 'Hoy terminé mi primera acuarela.', lang: 'es' });
    const prompt = sentPrompt();
    expect(prompt.system).toContain("Translate the member's post into Spanish.");
    expect(prompt.user).toContain('Today I finished my first watercolor.');

    reply('```\nI finished it.\n```');
    expect(await answerOf(await post('translate', { body: 'Lo terminé.', target: 'en' }))).toEqual({
      text: 'I finished it.',
      lang: 'en',
    });
    expect(sentPrompt(1).system).toContain('into English.');
  });
});

describe('POST /api/community/ai/generate {mode}', () => {
  it('runs the helper the mode names, answering text and lang', async () => {
    reply('A post');
    reply('Better text');
    reply('Texto traducido');
    const results = [
      await answerOf(
        await post('generate', { mode: 'post', topic: 'Pomodoro wins', vibe: 'inspiring', lang: 'en' }),
      ),
      await answerOf(await post('generate', { mode: 'improve', body: 'my text', goals: 'shorter' })),
      await answerOf(await post('generate', { mode: 'translate', body: 'My text', target: 'es' })),
    ];
    expect(results).toEqual([
      { text: 'A post', lang: 'en' },
      { text: 'Better text', lang: 'auto' },
      { text: 'Texto traducido', lang: 'es' },
    ]);
    const [generated, improved, translated] = [sentPrompt(0), sentPrompt(1), sentPrompt(2)];
    expect(generated.system).toContain('Make its vibe inspiring.');
    expect(generated.user).toContain('Pomodoro wins');
    expect(improved.system).toContain('shorter');
    expect(improved.user).toContain('my text');
    expect(translated.system).toContain('into Spanish');
  });
});

describe('refusals', () => {
  it.each([
    ['generate-text', { topic: '' }, 'topic'],
    ['generate-text', { topic: '   ', lang: 'en' }, 'topic'],
    ['generate-text', { topic: 'ok', lang: 'fr' }, 'lang'],
    ['improve', { body: '' }, 'body'],
    ['improve', { body: 'x'.repeat(10_001) }, 'body'],
    ['translate', { body: '  ', target: 'es' }, 'body'],
    ['translate', { body: 'Hello', target: 'fr' }, 'target'],
    ['translate', { body: 'Hello' }, 'target'],
    ['generate', { mode: 'poem', topic: 'x' }, 'mode'],
    ['generate', { mode: 'post', topic: '' }, 'topic'],
    ['generate', { mode: 'translate', body: 'Hello', target: 'de' }, 'target'],
    ['generate-text', { topic: 'ok', model: 'has spaces' }, 'model'],
  ])('%s %j: 400 naming %s, and nothing reaches the provider', async (path, body, field) => {
    const error = await errorOf(await post(path, body), 400);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {})).toContain(field);
    expect(fake.chatRequests()).toHaveLength(0);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const error = await errorOf(await post('improve', '{not json'), 400);
    expect(error.code).toBe('bad_request');
    expect(fake.chatRequests()).toHaveLength(0);
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const error = await errorOf(await post('generate-text', { topic: 'Hello' }, ''), 401);
    expect(error.code).toBe('unauthenticated');
    expect(fake.chatRequests()).toHaveLength(0);
  });

  it('answers 503 naming the variable when the chosen provider is not configured', async () => {
    const error = await errorOf(await post('improve', { body: 'Hello', provider: 'straico' }), 503);
    expect(error.code).toBe('provider_not_configured');
    expect(error.message).toContain('STRAICO_API_KEY');
  });

  it('answers 400 to fal, which makes media and cannot write posts', async () => {
    const error = await errorOf(
      await post('translate', { body: 'Hello', target: 'es', provider: 'fal' }),
      400,
    );
    expect(error.code).toBe('bad_request');
    expect(fake.chatRequests()).toHaveLength(0);
  });

  it("answers 502 with the provider's message when the provider fails", async () => {
    const error = await errorOf(await post('generate-text', { topic: 'Something [fail]' }), 502);
    expect(error.code).toBe('provider_failed');
    expect(error.message).toContain('Internal Server Error');
  });

  it('answers 502 when the model answers nothing', async () => {
    const error = await errorOf(await post('translate', { body: 'Nothing back [empty]', target: 'en' }), 502);
    expect(error).toEqual({ code: 'provider_failed', message: 'The model answered nothing' });
  });

  it('answers 504 when the provider takes too long', async () => {
    const slow = await buildTestApp({
      ai: { openRouter: { apiKey: FAKE_API_KEY, baseUrl: fake.baseUrl }, timeoutMs: 300, maxRetries: 0 },
    });
    try {
      const member = await signInMember(slow);
      const error = await errorOf(await post('improve', { body: 'Wait [hang]' }, member.cookie, slow), 504);
      expect(error.code).toBe('provider_timeout');
    } finally {
      await slow.close();
    }
  });

  it("answers 429 once the member's AI budget, shared with the other AI calls, is spent", async () => {
    const limited = await buildTestApp({
      ai: { openRouter: { apiKey: FAKE_API_KEY, baseUrl: fake.baseUrl }, rateLimitPerMinute: 2 },
    });
    try {
      const member = await signInMember(limited);
      const other = await signInMember(limited);
      const chat = await limited.request('/api/ai/chat', {
        method: 'POST',
        cookie: member.cookie,
        body: { messages: [{ role: 'user', content: 'Hello' }] },
      });
      expect(chat.status).toBe(200);
      await answerOf(await post('generate-text', { topic: 'One' }, member.cookie, limited));
      const refused = await post('improve', { body: 'Two' }, member.cookie, limited);
      expect((await errorOf(refused, 429)).code).toBe('rate_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // The budget is per member: another member still gets answers.
      await answerOf(await post('generate', { mode: 'post', topic: 'Three' }, other.cookie, limited));
    } finally {
      await limited.close();
    }
  });
});

describe('cleanHelperAnswer', () => {
  it.each([
    ['  plain text  ', 'plain text'],
    ['"Quoted whole"', 'Quoted whole'],
    ['“Curly quoted”', 'Curly quoted'],
    ['<text>\nFenced in our tags\n</text>', 'Fenced in our tags'],
    ['```markdown\nIn a code fence\n```', 'In a code fence'],
    ["Here's the translation:\n\nHola a todos", 'Hola a todos'],
    ['**Improved post:**\nBetter words', 'Better words'],
    ['Translation:\n"Bonjour"', 'Bonjour'],
  ])('%j → %j', (answer, cleaned) => {
    expect(cleanHelperAnswer(answer)).toBe(cleaned);
  });

  it('reads 100,000 characters of whitespace inside or after our tags in one pass', () => {
    const blank = ' \n\t'.repeat(33_334);
    expect(cleanHelperAnswer(`Here is your post:\n<text>${blank}Hello all${blank}</text>`)).toBe('Hello all');
    const unclosed = `<text>${blank}Hello all`;
    expect(cleanHelperAnswer(unclosed)).toBe(unclosed);
  });

  it('keeps a post that merely starts with such words, and quotes inside the text', () => {
    expect(cleanHelperAnswer("Here's a tip: drink water.\nAnd rest.")).toBe(
      "Here's a tip: drink water.\nAnd rest.",
    );
    expect(cleanHelperAnswer('She said "hi" and "bye"')).toBe('She said "hi" and "bye"');
  });
});
