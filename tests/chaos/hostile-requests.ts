import type { RouteRow } from '#tests/setup/route-matrix.ts';
import type { AppRoute } from './route-list.ts';

/**
 * Bad requests made from the route list: each starts from a route's valid example (its row in
 * tests/setup/route-matrix.ts) and breaks one thing, the way an attacker or a broken client would: a hostile value
 * in one field of the body, the path or the query; a body of the wrong shape, size, encoding or type; foreign or
 * broken headers. A small share are bytes no HTTP library would send, written to a raw socket.
 *
 * Seeded, so a run can be repeated and a failure replayed from its seed and index.
 */
export type Identity = 'anonymous' | 'member' | 'other';

export type HostileRequest =
  | {
      kind: 'http';
      /** What was broken, for the report. */
      what: string;
      method: string;
      path: string;
      identity: Identity;
      headers: Record<string, string>;
      body?: string | Uint8Array;
    }
  | { kind: 'raw'; what: string; bytes: (host: string) => string };

/** A small, fast, seedable generator (mulberry32). */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)] as T;
    },
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof seededRandom>;

const deep = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = { next: value };
  return value;
};

/** Values that have broken real servers: out of range, unstorable, huge, of the wrong type, or loaded. */
const HOSTILE_VALUES: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  -0,
  -1,
  0,
  0.5,
  '',
  ' ',
  'a'.repeat(100_000),
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  "Robert'); DROP TABLE tasks;--",
  '\u202eevil',
  '🦜'.repeat(1000),
  null,
  true,
  false,
  [],
  {},
  ['x', 1, null],
  { __proto__: { polluted: 'yes' } },
  JSON.parse('{"__proto__":{"polluted":"yes"}}'),
  { constructor: { prototype: { polluted: 'yes' } } },
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  '-infinity',
  'NaN',
  'http://169.254.169.254/latest/meta-data/',
  'http://127.0.0.1:5432/',
  'file:///etc/passwd',
  deep(200),
];

const HOSTILE_PATH_VALUES: readonly string[] = [
  '%00',
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e3',
  'NaN',
  '..',
  '%2e%2e%2f%2e%2e%2f',
  '%ED%A0%80',
  '%E0%A4%A',
  encodeURIComponent('\u202e'),
  'a'.repeat(3000),
  '%F0%9F%A6%9C',
  '<script>',
  "'%20OR%201=1--",
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/xml',
  '',
];

function hostileJsonText(random: Random): string {
  return random.pick([
    '',
    '{',
    '{"a":',
    'null',
    '[]',
    '"just a string"',
    '123',
    `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    '{"a":1,"a":2}',
    '\u0000',
    '{"x":"\\ud800"}',
    '{"x":1e999}',
    '\ufeff{}',
    JSON.stringify({ [`k${random.int(1000)}`]: random.pick(HOSTILE_VALUES) }),
  ]);
}

/** The example body with one field (at any depth) replaced, removed, or a field added. */
function mutateBody(body: unknown, random: Random): { body: unknown; what: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { body: random.pick(HOSTILE_VALUES), what: 'a hostile body' };
  }
  const copy = structuredClone(body) as Record<string, unknown>;
  const paths = fieldPaths(copy);
  const value = random.pick(HOSTILE_VALUES);
  const choice = random.int(10);
  if (choice === 0 || paths.length === 0) {
    copy[random.pick(['userId', 'user_id', 'id', 'role', 'isAdmin', 'createdAt', 'extra'])] = value;
    return { body: copy, what: 'an unknown field' };
  }
  const target = random.pick(paths);
  const parent = target
    .slice(0, -1)
    .reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, copy);
  const key = target[target.length - 1] as string;
  if (choice === 1) {
    delete parent[key];
    return { body: copy, what: `no ${target.join('.')}` };
  }
  parent[key] = value;
  return { body: copy, what: `a hostile ${target.join('.')}` };
}

function fieldPaths(value: Record<string, unknown>, prefix: string[] = []): string[][] {
  const paths: string[][] = [];
  for (const [key, item] of Object.entries(value)) {
    paths.push([...prefix, key]);
    if (item && typeof item === 'object' && !Array.isArray(item))
      paths.push(...fieldPaths(item as Record<string, unknown>, [...prefix, key]));
  }
  return paths;
}

/** The route's path with one parameter or query value made hostile. */
function hostilePath(route: AppRoute, example: string, random: Random): { path: string; what: string } {
  const params = route.path.match(/:[A-Za-z]+/g) ?? [];
  if (params.length > 0 && random.chance(0.5)) {
    const value = random.pick(HOSTILE_PATH_VALUES);
    let index = 0;
    const chosen = random.int(params.length);
    const path = route.path.replace(/:[A-Za-z]+/g, (param) => {
      const exampleSegment = example.split('/')[route.path.split('/').indexOf(param)] ?? '1';
      return index++ === chosen ? value : (exampleSegment.split('?')[0] ?? '1');
    });
    return {
      path: `${path}${example.includes('?') ? example.slice(example.indexOf('?')) : ''}`,
      what: 'a hostile path',
    };
  }
  const url = new URL(example, 'http://x');
  const keys = [...url.searchParams.keys()];
  const key =
    keys.length > 0 && random.chance(0.7)
      ? random.pick(keys)
      : random.pick([
          'q',
          'limit',
          'cursor',
          'type',
          'time_zone',
          'start',
          'url',
          'filename',
          'surface',
          'userId',
          'jobId',
          'provider',
          'before',
        ]);
  const value = random.pick([...HOSTILE_PATH_VALUES, String(random.pick(HOSTILE_VALUES))]);
  url.searchParams.delete(key);
  const search = `${url.search ? `${url.search}&` : '?'}${encodeURIComponent(key)}=${value.startsWith('%') ? value : encodeLoosely(value)}`;
  const repeat = random.chance(0.2) ? `&${encodeURIComponent(key)}=1` : '';
  return { path: `${url.pathname}${search}${repeat}`, what: `a hostile ?${key}` };
}

/** Percent-encodes text, a lone surrogate included (as the bytes a sloppy client would send for it). */
function encodeLoosely(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/\p{Cs}/gu, '')).concat('%ED%A0%80');
  }
}

/** Requests only a raw socket can send: the HTTP parser and the adapter must answer them, not fall over. */
const RAW_REQUESTS: readonly { what: string; bytes: (host: string) => string }[] = [
  {
    what: 'a backslash path',
    bytes: (host) => `PUT /api/community/posts/\\..\\ HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0\r\n\r\n`,
  },
  {
    what: 'a header without a colon',
    bytes: (host) => `GET /api/tasks HTTP/1.1\r\nHost: ${host}\r\nBroken header\r\n\r\n`,
  },
  {
    what: 'headers over 16 KB',
    bytes: (host) => `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  },
  {
    what: 'both Content-Length and chunked (smuggling)',
    bytes: (host) =>
      `POST /api/tasks HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /api/users/me HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
  },
  {
    what: 'an absolute-form target',
    bytes: (host) => `GET http://evil.example/api/tasks HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
  },
  { what: 'no Host header', bytes: () => 'GET /api/tasks HTTP/1.1\r\n\r\n' },
  {
    what: 'a mismatched Host header',
    bytes: () => 'GET /api/tasks HTTP/1.1\r\nHost: evil.example:99999\r\n\r\n',
  },
  { what: 'an unknown method', bytes: (host) => `BREW /api/tasks HTTP/1.1\r\nHost: ${host}\r\n\r\n` },
  {
    what: 'a raw NUL in the path',
    bytes: (host) => `GET /api/tasks\u0000 HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
  },
  { what: 'raw UTF-8 in the path', bytes: (host) => `GET /api/tasks/ñ HTTP/1.1\r\nHost: ${host}\r\n\r\n` },
  {
    what: 'HTTP/1.0 with a body',
    bytes: (host) =>
      `POST /api/tasks HTTP/1.0\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
  },
  {
    what: 'a negative Content-Length',
    bytes: (host) => `POST /api/tasks HTTP/1.1\r\nHost: ${host}\r\nContent-Length: -1\r\n\r\n`,
  },
  {
    what: 'a bad chunk size',
    bytes: (host) =>
      `POST /api/tasks HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
  },
  {
    what: 'not HTTP at all',
    bytes: () => '\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003',
  },
];

/**
 * The `index`-th bad request of a run. `rows` gives each route's valid example; a route without a row is tried
 * from its pattern alone.
 */
export function hostileRequest(
  routes: readonly AppRoute[],
  rows: Record<string, RouteRow>,
  random: Random,
): HostileRequest {
  if (random.chance(0.03)) {
    const raw = random.pick(RAW_REQUESTS);
    return { kind: 'raw', ...raw };
  }
  const route = random.pick(routes);
  const row = rows[`${route.method} ${route.path}`];
  const example = row?.path ?? route.path.replace(/:[A-Za-z]+/g, '1');
  // Signing out ends the session every later request of that member would use: only anonymous visitors do it.
  const identity: Identity = route.path.endsWith('/logout')
    ? 'anonymous'
    : random.pick(['anonymous', 'member', 'member', 'member', 'other'] as const);
  const headers: Record<string, string> = {};
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  let path = example;
  let body: string | Uint8Array | undefined;
  let what: string;

  const plan = random.int(10);
  if (plan < 3) {
    ({ path, what } = hostilePath(route, example, random));
    if (hasBody) body = JSON.stringify(row?.body ?? {});
  } else if (plan < 7 && hasBody) {
    const mutated = mutateBody(row?.body ?? {}, random);
    body = JSON.stringify(mutated.body);
    what = mutated.what;
  } else if (plan < 8 && hasBody) {
    body = hostileJsonText(random);
    what = 'a body that is not the expected JSON';
  } else if (plan < 9) {
    what = 'foreign or broken headers';
    if (hasBody) body = JSON.stringify(row?.body ?? {});
    const broken = random.int(6);
    if (broken === 0) headers.origin = random.pick(['https://evil.example', 'null', 'http://localhost:1']);
    else if (broken === 1) headers['sec-fetch-site'] = random.pick(['cross-site', 'same-site', 'bogus']);
    else if (broken === 2)
      headers.cookie = random.pick([
        'lumara_session=%',
        'lumara_session=',
        `lumara_session=${'z'.repeat(4000)}`,
        'a=b; a=c; lumara_session=x',
      ]);
    else if (broken === 3) headers['content-type'] = random.pick(CONTENT_TYPES);
    else if (broken === 4) headers['x-request-id'] = random.pick(['\u00ff\u00fe', 'a'.repeat(500), '../../']);
    else headers.accept = random.pick(['text/html', '*/*;q=bogus', '']);
  } else if (hasBody && random.chance(0.3)) {
    body = new Uint8Array(2 * 1024 * 1024).fill(0x61);
    what = 'a body over the size limit';
  } else {
    what = 'the valid example';
    if (hasBody) body = JSON.stringify(row?.body ?? {});
  }
  if (body !== undefined && headers['content-type'] === undefined)
    headers['content-type'] = 'application/json';
  return {
    kind: 'http',
    what,
    method: route.method,
    path,
    identity,
    headers,
    ...(body !== undefined ? { body } : {}),
  };
}
