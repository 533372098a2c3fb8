import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#server/lib/infra/logger.ts';
import type { Lookup } from '#server/lib/infra/safe-fetch.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { type FileHost, startFileHost } from '#tests/factories/media-test-files.ts';
import { signInMember } from '#tests/factories/members.ts';
import { startCanaryServer, type TestServer } from '#tests/fakes/canary-server.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/*
 * SSRF corpus for the two routes that take a link from a member: `POST /api/media`
 * fetches it, `GET /api/download` must not fetch anything at all. The canary on 127.0.0.1 stands for our own
 * network; the file host on 127.0.0.2, on the same port number, plays a provider's CDN and is reachable only
 * because the test app's `media.outbound` names it (what UNSAFE_OUTBOUND_ALLOW does), never through a gap in
 * the check. A redirect or a name that slipped through would land on the canary. Names resolve through an
 * injected lookup: no real DNS.
 */

let canary: TestServer;
let host: FileHost;
let port: number;
let t: TestApp;
let cookie: string;
const logLines: Array<{ msg?: string; host?: string; reason?: string }> = [];

const names: Record<string, string[]> = {
  'cdn.public.test': ['127.0.0.2'],
  'loopback.public.test': ['127.0.0.1'],
  'private.public.test': ['10.0.0.5'],
  'metadata.public.test': ['169.254.169.254'],
  'v6-loopback.public.test': ['::1'],
  'mixed.public.test': ['127.0.0.2', '127.0.0.1'],
};
const lookup: Lookup = async (hostname) => {
  const answers = names[hostname.toLowerCase().replace(/\.$/, '')];
  if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

beforeAll(async () => {
  canary = await startCanaryServer({ host: '127.0.0.1' });
  port = canary.port;
  host = await startFileHost({ host: '127.0.0.2', port });
  t = await buildTestApp({
    media: { outbound: { extraAllowed: ['127.0.0.2'], extraPorts: [port] } },
    outboundLookup: lookup,
    logger: createLogger('warn', { write: (line: string) => logLines.push(JSON.parse(line)) }),
  });
  ({ cookie } = await signInMember(t));
});

afterAll(async () => {
  await Promise.all([t?.close(), canary?.close(), host?.close()]);
});

const png = '/file/png?type=image/png';
const viaRedirect = (to: string) => `http://127.0.0.2:${port}/redirect?to=${encodeURIComponent(to)}`;

/**
 * Links that must never reach anything but the public internet. Thunks: the port is only known once the
 * servers listen, after the cases are collected.
 */
const corpus: Array<[string, () => string]> = [
  ['IPv4 loopback', () => `http://127.0.0.1:${port}${png}`],
  ['localhost', () => `http://localhost:${port}${png}`],
  ['localhost with a trailing dot', () => `http://localhost.:${port}${png}`],
  ['IPv6 loopback', () => `http://[::1]:${port}${png}`],
  ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port}${png}`],
  ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
  ['private network', () => `http://10.0.0.5:${port}${png}`],
  ['decimal IPv4', () => `http://2130706433:${port}${png}`],
  ['hex IPv4', () => `http://0x7f000001:${port}${png}`],
  ['octal IPv4', () => `http://0177.0.0.1:${port}${png}`],
  ['short IPv4', () => `http://127.1:${port}${png}`],
  ['unspecified address', () => `http://0.0.0.0:${port}${png}`],
  ['public name resolving to loopback', () => `http://loopback.public.test:${port}${png}`],
  ['public name resolving to a private address', () => `http://private.public.test:${port}${png}`],
  ['public name resolving to the metadata service', () => 'http://metadata.public.test/latest/meta-data/'],
  ['public name resolving to IPv6 loopback', () => `http://v6-loopback.public.test:${port}${png}`],
  ['public name resolving to a public and a private address', () => `http://mixed.public.test:${port}${png}`],
  ['redirect to loopback', () => viaRedirect(`http://127.0.0.1:${port}${png}`)],
  ['redirect to localhost', () => viaRedirect(`http://localhost:${port}${png}`)],
  [
    'redirect to a name resolving to loopback',
    () => viaRedirect(`http://loopback.public.test:${port}${png}`),
  ],
  ['redirect to the metadata service', () => viaRedirect('http://169.254.169.254/latest/meta-data/')],
  ['redirect to file:', () => viaRedirect('file:///etc/passwd')],
  ['file:', () => 'file:///etc/passwd'],
  ['gopher:', () => `gopher://127.0.0.1:${port}/_GET%20/%20HTTP/1.0`],
  ['ftp:', () => `ftp://127.0.0.1:${port}/image.png`],
  ['credentials in the link', () => `http://user:secret@cdn.public.test:${port}${png}`],
  ['a port the allowance does not name', () => 'http://127.0.0.2:22/image.png'],
];

describe('SSRF corpus', () => {
  it('the allowed file host works, so the refusals below are the check and not a dead network', async () => {
    for (const url of [
      `http://cdn.public.test:${port}${png}&tag=ok`,
      viaRedirect(`http://127.0.0.2:${port}${png}&tag=ok-redirected`),
    ]) {
      const answer = await t.request('/api/media', {
        method: 'POST',
        cookie,
        body: { media_type: 'image', media_url: url },
      });
      expect(answer.status, url).toBe(201);
    }
    expect(canary.connections()).toBe(0);
  });

  it.each(corpus)('POST /api/media refuses %s', async (_name, link) => {
    const url = link();
    expect(url).not.toContain('undefined');
    const answer = await t.request('/api/media', {
      method: 'POST',
      cookie,
      body: { media_type: 'image', media_url: url },
    });
    // 400 bad_request, the refusal itself: a 415 or a 502 would mean something was fetched or tried.
    expect(answer.status).toBe(400);
    expect(apiErrorBodySchema.parse(await answer.json()).error.code).toBe('bad_request');
    expect(canary.connections()).toBe(0);
  });

  it.each(corpus)('GET /api/download refuses %s without fetching it', async (_name, link) => {
    const url = link();
    expect(url).not.toContain('undefined');
    const before = host.requests.length;
    const answer = await t.request(`/api/download?url=${encodeURIComponent(url)}`, { cookie });
    expect(answer.status).toBe(404);
    expect(apiErrorBodySchema.safeParse(await answer.json()).success).toBe(true);
    expect(host.requests.length).toBe(before);
    expect(canary.connections()).toBe(0);
  });

  it('logs refusals after DNS as security events, naming the host', () => {
    const refused = logLines.filter((line) => line.msg === 'outbound request refused');
    expect(refused.map((line) => line.host)).toEqual(
      expect.arrayContaining(['loopback.public.test', 'mixed.public.test', '127.0.0.1']),
    );
  });

  it('the canary saw nothing at all', () => {
    expect(canary.connections()).toBe(0);
  });
});
