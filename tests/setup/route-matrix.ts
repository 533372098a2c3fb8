import { signInMember } from '#tests/factories/members.ts';
import { type JsonSchema, type OpenApiDocument, operationsOf } from './api-contract.ts';
import type { TestApp } from './test-app.ts';

/**
 * Every route of the app, keyed `METHOD /path` as Hono lists them, with a valid example request and what it
 * answers to an anonymous visitor and to a fresh member. The rows are made from the OpenAPI document the app
 * serves (`GET /api/openapi.json`, which lists every route under /api: api-contract.test.ts), so a route is in the
 * matrix the day it is declared. tests/server/authz-matrix.test.ts checks the answers, after
 * `createAnotherMembersRows`; the write checks (write-requests.test.ts) and the chaos suite's bad requests start
 * from the examples.
 *
 * What the document says decides each row:
 * - a public route (`security: []`) answers both with its first success status; any other answers 401 to an
 *   anonymous visitor;
 * - a member on a route with an id in its path asks for row 1, which is another member's
 *   (`createAnotherMembersRows`): 404;
 * - a member on any other route gets its first success status;
 * - ids are 1 (0 where 0 is the least), job ids one nobody owns; a body or a required query is the least its
 *   schema allows (required fields; the first field when none is required); a success answered as an event
 *   stream is only checked for its status.
 * `routeOverrides` says the rest: where the matrix's answer is another (a closed provider, a refusal before
 * anything is read) and the few inputs the schema cannot give.
 */
export type RouteRow = {
  /** The request's path: the route's own with its ids filled in, and its required query. */
  path: string;
  /** A JSON body, for a route that takes one. */
  body?: unknown;
  anonymous: number;
  member: number;
  /** An endless stream (server-sent events): only the status is checked, then the body is cancelled. */
  stream?: true;
  /** Operators only: a member is refused (403) before anything of the request is read. */
  operatorsOnly?: true;
};

type RouteOverride = Partial<Omit<RouteRow, 'stream'>>;

/** A job id (a UUID) nobody owns. */
const UNOWNED_JOB_ID = '0b6f1c9e-0d3f-4c59-9d5c-2f3b0a8c1e11';
const UNOWNED_JOB_OUTPUT = `/api/ai/jobs/${UNOWNED_JOB_ID}/outputs/0`;

/** The matrix app (tests/setup/test-app.ts) configures no AI provider: a valid call as a member answers 503. */
const noProvider = { member: 503 } as const;
const chatReply = { threadId: 1, provider: 'openrouter', model: 'openrouter/auto' };

/** Routes the app serves outside the API document. */
const outsideTheDocument: Record<string, RouteRow> = {
  'GET /healthz': { path: '/healthz', anonymous: 200, member: 200 },
  'GET /readyz': { path: '/readyz', anonymous: 200, member: 200 },
  // The MCP server takes a personal access token only: a session is no token (src/server/features/mcp/).
  'GET /mcp': { path: '/mcp', anonymous: 401, member: 401 },
  'POST /mcp': { path: '/mcp', anonymous: 401, member: 401 },
  'DELETE /mcp': { path: '/mcp', anonymous: 401, member: 401 },
  // A calendar feed is read by its secret address alone, cookie or not: one nobody was given is 404 to both
  // (src/server/features/calendar-feed/).
  'GET /calendar/:file': {
    path: '/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
    anonymous: 404,
    member: 404,
  },
};

/** Where a row is not what the document says (see above), and why. */
const routeOverrides: Record<string, RouteOverride> = {
  // Public by nature (it is how one signs in); without a sign-in started in this browser it refuses.
  'POST /api/sessions': { anonymous: 400, member: 400 },
  'POST /api/dev-identity/authorize': { body: {}, anonymous: 400, member: 400 },
  // Never another member's: the account is the caller's own. The example's email is not the member's, so the
  // matrix's member is refused (400) and kept.
  'DELETE /api/account': {
    body: { email: 'not-this-member@example.test', community: 'delete' },
    member: 400,
  },
  // Its body is a zip, not JSON, so the example sends none: the member is refused (400, "Send the archive")
  // before anything is read. import-account.test.ts sends real archives, good and hostile.
  'POST /api/account/import': { member: 400 },
  // Task 1 is another member's.
  'POST /api/tasks/restore': { member: 404 },
  // A fresh member has no actions: the five defaults are added (201); a second call would answer 200.
  'POST /api/quick-actions/seed': { member: 201 },
  'POST /api/quick-actions': {
    body: {
      label: 'Matrix action',
      payload: {
        provider: 'openrouter',
        model: 'openrouter/auto',
        type: 'chat',
        promptTemplate: 'Fix: {{selection}}',
      },
    },
  },
  'POST /api/widgets': {
    body: {
      type: 'iframe',
      title: 'Matrix widget',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      col_span: 6,
      row_span: 6,
      order_index: 0,
    },
  },
  'POST /api/music/add-embed': {
    body: { input: 'https://suno.com/song/0f4b9c2e-1d3a-4e5f-8a6b-7c8d9e0f1a2b' },
  },
  // The matrix app's OpenAlex is a closed local port: a clean 502 `provider_failed`, never a 500.
  'POST /api/research': { member: 502 },
  // Thread 1 is another member's, and the thread is checked before the provider: 404, not the 503. The model is
  // one the catalogue offers, as in every example below that names one: the chaos suite, whose providers are
  // fakes that answer, starts its bad requests from valid ones.
  'POST /api/chat/send': { body: { ...chatReply, content: 'Hello' }, member: 404 },
  'POST /api/chat/stream': { body: { ...chatReply, content: 'Hello' }, member: 404 },
  'POST /api/chat/regenerate': { body: chatReply, member: 404 },
  // Posts are public (community.test.ts checks these with real rows): another member's post 1 answers 403 to edit
  // or delete, and may be read, liked, commented and reported; only the post's author marks its comment helpful.
  'PUT /api/community/posts/:id': { member: 403 },
  'DELETE /api/community/posts/:id': { member: 403 },
  'PUT /api/community/posts/:id/like': { member: 200 },
  'GET /api/community/posts/:id/comments': { member: 200 },
  'POST /api/community/posts/:id/comments': { member: 201 },
  'PUT /api/community/comments/:id/helpful': { member: 403 },
  'POST /api/community/posts/:id/report': { member: 200 },
  // Operators only (ADMIN_EMAILS): a member who is not one is refused before the post is looked at.
  'GET /api/community/reports': { member: 403, operatorsOnly: true },
  'PUT /api/community/posts/:id/hidden': { member: 403, operatorsOnly: true },
  // The weekly review asks the member's chat model: none is configured here.
  'POST /api/insights/weekly-review': noProvider,
  'POST /api/community/ai/generate-text': noProvider,
  'POST /api/community/ai/improve': noProvider,
  'POST /api/community/ai/translate': noProvider,
  'POST /api/community/ai/generate': {
    body: { mode: 'translate', body: 'Hello', target: 'en' },
    ...noProvider,
  },
  'POST /api/ai/chat': noProvider,
  'POST /api/ai/optimize-prompt': noProvider,
  // Media generation (generation.test.ts checks jobs of two members with real rows): a valid start answers 503
  // with no job written; a job the fresh member does not own answers 404.
  'POST /api/ai/image': {
    body: {
      provider: 'openrouter',
      model: 'google/gemini-2.5-flash-image',
      prompt: 'a parrot',
      size: '1024x1024',
    },
    ...noProvider,
  },
  'GET /api/ai/image/status': {
    path: `/api/ai/image/status?provider=openrouter&jobId=${UNOWNED_JOB_ID}`,
    member: 404,
  },
  'POST /api/straico/video': {
    body: { model: 'kling/v2.1', prompt: 'a parrot flying', duration: 4, aspect_ratio: '16:9' },
    ...noProvider,
  },
  'POST /api/straico/audio': {
    body: { model: 'eleven_multilingual_v2', prompt: 'Hello there' },
    ...noProvider,
  },
  'POST /api/fal/image': { body: { model: 'fal-ai/flux/schnell', prompt: 'a parrot' }, ...noProvider },
  'POST /api/fal/video': {
    body: { model: 'fal-ai/kling-video/v2.1/master/text-to-video', prompt: 'a parrot flying' },
    ...noProvider,
  },
  'POST /api/profile/set-ai': { body: { aiProvider: 'openrouter', aiModel: 'openrouter/auto' } },
  'POST /api/theme/apply': {
    body: {
      name: 'cosmic-pink',
      tokens: { bg: '#000000', surface: '#111111', text: '#ffffff', accent: '#ff7eb3', accent2: '#7afcff' },
    },
  },
  // Profile pictures name a job output the fresh member does not own: 404 without any fetch.
  'POST /api/profile/set-avatar': { body: { url: UNOWNED_JOB_OUTPUT }, member: 404 },
  'POST /api/profile/set-wallpaper': { body: { wallpaperUrl: UNOWNED_JOB_OUTPUT }, member: 404 },
  'POST /api/profile/avatar-generate': noProvider,
  'GET /api/profile/avatar-status': {
    path: `/api/profile/avatar-status?jobId=${UNOWNED_JOB_ID}`,
    member: 404,
  },
  // A browser's subscription: an https endpoint on a public name and real keys (a P-256 point, a 16-byte secret).
  // Row 1 is then another member's device until the matrix's member subscribes the same endpoint, which moves it.
  'POST /api/push/subscriptions': {
    body: {
      endpoint: 'https://push.example.com/send/matrix',
      expirationTime: null,
      keys: {
        p256dh: 'BMT5thttSONSsv0nLkuQ2eKbOQEv5zGeM8QiYEGv6lKWUxGgHo_gE-n8obzXRKokeKArcE5PrxCOi4AGJ9vXwPg',
        auth: 'aEv7pU05JfdbvY8oToHOpg',
      },
    },
  },
  // Media (media.test.ts checks another member's rows answer 404 on each): saving names a job output the fresh
  // member does not own, 404 without any fetch; the download names media 1, which nobody has.
  'POST /api/media': { body: { media_type: 'image', media_url: UNOWNED_JOB_OUTPUT }, member: 404 },
  'GET /api/download': { path: '/api/download?url=%2Fapi%2Fmedia%2F1%2Ffile', member: 404 },
  // The calendar is fetched at once: the matrix app resolves no name, so the link cannot be reached and nothing
  // is kept (400, fields.url). calendar-subscriptions.test.ts subscribes to real calendars.
  'POST /api/calendar/subscriptions': { body: { url: 'https://calendar.example.com/team.ics' }, member: 400 },
};

/** The rows of every route of `document` and of the routes outside it, in the order the matrix runs them. */
export function routeMatrixOf(document: OpenApiDocument): Record<string, RouteRow> {
  const schemas = (document.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const resolve = (schema: JsonSchema): JsonSchema => {
    const name = schema.$ref?.split('/').pop();
    return name && schemas[name] ? resolve(schemas[name]) : schema;
  };

  /** The least value `given` allows: enough to pass validation, so the route itself answers. */
  function leastOf(given: JsonSchema): unknown {
    const schema = resolve(given);
    const variant = (schema.anyOf ?? schema.oneOf)?.find((option) => resolve(option).type !== 'null');
    if (variant) return leastOf(variant);
    if (schema.allOf?.[0]) return leastOf(schema.allOf[0]);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum?.length) return schema.enum[0];
    const type = Array.isArray(schema.type) ? schema.type.find((one) => one !== 'null') : schema.type;
    switch (type) {
      case 'object': {
        const properties = Object.entries(schema.properties ?? {});
        const required = new Set(schema.required ?? []);
        // With nothing required, one field: an update that changes something.
        const chosen = required.size
          ? properties.filter(([key]) => required.has(key))
          : properties.slice(0, 1);
        return Object.fromEntries(chosen.map(([key, property]) => [key, leastOf(property)]));
      }
      case 'array':
        return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => leastOf(schema.items ?? {}));
      case 'integer':
      case 'number':
        return schema.minimum ?? 1;
      case 'boolean':
        return true;
      case 'string':
        if (schema.format === 'uuid') return UNOWNED_JOB_ID;
        if (schema.format === 'email') return 'matrix@example.test';
        return 'Matrix'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength);
      default:
        return null;
    }
  }

  const operations = operationsOf(document);
  const known = new Set([...operations.map((entry) => entry.key), ...Object.keys(outsideTheDocument)]);
  const stale = Object.keys(routeOverrides).filter((route) => !known.has(route));
  if (stale.length > 0) throw new Error(`Overrides for routes the app does not serve: ${stale.join(', ')}`);

  const rows = operations.map(({ key, path, operation }): [string, RouteRow] => {
    const parameters = operation.parameters ?? [];
    const filled = path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      const schema = parameters.find((parameter) => parameter.name === name)?.schema as
        | JsonSchema
        | undefined;
      return encodeURIComponent(String(leastOf(schema ?? {})));
    });
    const query = new URLSearchParams(
      parameters
        .filter((parameter) => parameter.in === 'query' && parameter.required)
        .map((parameter) => [parameter.name, String(leastOf((parameter.schema ?? {}) as JsonSchema))]),
    );
    const bodySchema = operation.requestBody?.content['application/json']?.schema as JsonSchema | undefined;
    const success = Object.keys(operation.responses)
      .filter((status) => status.startsWith('2'))
      .sort()[0];
    const ok = Number(success ?? 200);
    const row: RouteRow = {
      path: query.size ? `${filled}?${query}` : filled,
      ...(bodySchema ? { body: leastOf(bodySchema) } : {}),
      anonymous: operation.security?.length === 0 ? ok : 401,
      member: key.includes('/:') ? 404 : ok,
      ...routeOverrides[key],
    };
    const answer = operation.responses[String(row.member)]?.content ?? {};
    if ('text/event-stream' in answer) row.stream = true;
    return [key, row];
  });
  return { ...outsideTheDocument, ...Object.fromEntries(rows) };
}

/**
 * Row 1 of each kind a member can create (tasks, threads, posts, comments, …), as one member: every write row
 * that answers 201 to a member, those without an id in their path first (a comment needs its post). The matrix's
 * fresh members then ask for another member's rows, and a route that let them reach one fails it.
 */
export async function createAnotherMembersRows(t: TestApp, matrix: Record<string, RouteRow>): Promise<void> {
  const creates = Object.entries(matrix).filter(
    ([route, row]) => !route.startsWith('GET ') && row.member === 201,
  );
  const hasId = ([route]: [string, RouteRow]) => route.includes('/:');
  const { cookie } = await signInMember(t);
  for (const [route, row] of [...creates.filter((create) => !hasId(create)), ...creates.filter(hasId)]) {
    const answer = await t.request(row.path, {
      method: route.split(' ')[0] ?? 'POST',
      cookie,
      ...(row.body !== undefined ? { body: row.body } : {}),
    });
    if (!answer.ok) throw new Error(`${route} was refused: ${answer.status} ${await answer.text()}`);
  }
}
