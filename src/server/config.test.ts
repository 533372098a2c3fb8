import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { generateVapidKeys } from './providers/web-push-client.ts';

/** The media settings: where the store lives and which private addresses tests may reach. */
describe('media configuration', () => {
  it('keeps the store under DATA_DIR unless MEDIA_DIR says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/srv/lumara' }).media.dir).toBe(
      path.resolve('/srv/lumara/media'),
    );
    expect(loadConfig({ NODE_ENV: 'test', MEDIA_DIR: '/mnt/media' }).media.dir).toBe(
      path.resolve('/mnt/media'),
    );
  });

  it('reads UNSAFE_OUTBOUND_ALLOW as addresses with optional ports', () => {
    const { outbound } = loadConfig({
      NODE_ENV: 'test',
      UNSAFE_OUTBOUND_ALLOW: '127.0.0.2,127.0.0.1:4010,[::1]:8080',
    }).media;
    expect(outbound).toEqual({ extraAllowed: ['127.0.0.2', '127.0.0.1', '::1'], extraPorts: [4010, 8080] });
    expect(loadConfig({ NODE_ENV: 'test' }).media.outbound).toEqual({ extraAllowed: [], extraPorts: [] });
  });

  it('refuses names, bad ports, and any allowance in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', UNSAFE_OUTBOUND_ALLOW: 'localhost:80' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', UNSAFE_OUTBOUND_ALLOW: '127.0.0.1:70000' })).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        APP_URL: 'https://lumara.example',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        UNSAFE_OUTBOUND_ALLOW: '127.0.0.2',
      }),
    ).toThrow(/never set it in production/);
  });
});

/** The limits for slow clients, event streams and the database queue, and scheduled backups. */
describe('limits and backups', () => {
  it('has defaults for every limit and reads each from its variable', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).limits).toEqual({
      http: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        keepAliveTimeoutMs: 5_000,
        maxConnections: 12_000,
      },
      eventStreams: { perMember: 20, total: 10_000 },
      databaseQueueMax: 200,
      memberRequestsInFlight: 64,
      signInPerMinute: 30,
    });
    const limits = loadConfig({
      NODE_ENV: 'test',
      HTTP_HEADERS_TIMEOUT_MS: '5000',
      HTTP_REQUEST_TIMEOUT_MS: '20000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      HTTP_MAX_CONNECTIONS: '500',
      EVENT_STREAMS_PER_MEMBER: '4',
      EVENT_STREAMS_MAX: '100',
      DATABASE_QUEUE_MAX: '50',
      MEMBER_REQUESTS_IN_FLIGHT: '8',
      SIGN_IN_LIMIT_PER_MINUTE: '5',
    }).limits;
    expect(limits).toEqual({
      http: {
        headersTimeoutMs: 5_000,
        requestTimeoutMs: 20_000,
        keepAliveTimeoutMs: 65_000,
        maxConnections: 500,
      },
      eventStreams: { perMember: 4, total: 100 },
      databaseQueueMax: 50,
      memberRequestsInFlight: 8,
      signInPerMinute: 5,
    });
  });

  it('refuses a header timeout longer than the request timeout', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', HTTP_HEADERS_TIMEOUT_MS: '40000', HTTP_REQUEST_TIMEOUT_MS: '30000' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
  });

  it('schedules backups only with both BACKUP_DIR and BACKUP_EVERY, on the embedded database', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).backup).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', BACKUP_DIR: '/backups', BACKUP_EVERY: '6h' }).backup).toEqual({
      dir: path.resolve('/backups'),
      everyMs: 6 * 3_600_000,
      keep: 7,
    });
    expect(
      loadConfig({ NODE_ENV: 'test', BACKUP_DIR: '/b', BACKUP_EVERY: '30m', BACKUP_KEEP: '3' }).backup,
    ).toMatchObject({ everyMs: 30 * 60_000, keep: 3 });
    expect(() => loadConfig({ NODE_ENV: 'test', BACKUP_DIR: '/b' })).toThrow(/BACKUP_EVERY/);
    expect(() => loadConfig({ NODE_ENV: 'test', BACKUP_EVERY: '1d' })).toThrow(/BACKUP_DIR/);
    expect(() => loadConfig({ NODE_ENV: 'test', BACKUP_DIR: '/b', BACKUP_EVERY: 'daily' })).toThrow(
      /BACKUP_EVERY/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        BACKUP_DIR: '/b',
        BACKUP_EVERY: '1d',
        DATABASE_URL: 'postgres://db/lumara',
      }),
    ).toThrow(/pg_dump/);
  });
});

/** The shared parts of several servers: Redis and the S3-compatible object store. */
describe('scale-out configuration', () => {
  const production = {
    NODE_ENV: 'production',
    APP_URL: 'https://lumara.example',
    GOOGLE_CLIENT_ID: 'id',
    GOOGLE_CLIENT_SECRET: 'secret',
  };

  it('needs neither Redis nor an object store by default', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.redis).toBeNull();
    expect(config.objectStore).toBeNull();
    expect(config.warnings).toEqual([]);
  });

  it('reads REDIS_URL, and refuses what is not a redis URL', () => {
    expect(loadConfig({ NODE_ENV: 'test', REDIS_URL: 'redis://127.0.0.1:6379/2' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379/2',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
  });

  it('warns a production server on PostgreSQL without Redis that live updates and limits stay per server', () => {
    const alone = loadConfig({ ...production, DATABASE_URL: 'postgres://db/lumara' });
    expect(alone.warnings).toEqual([expect.stringMatching(/^REDIS_URL is not set: live updates/)]);
    expect(
      loadConfig({ ...production, DATABASE_URL: 'postgres://db/lumara', REDIS_URL: 'redis://cache' })
        .warnings,
    ).toEqual([]);
  });

  it('turns the object store on with S3_BUCKET and reads the other S3_ settings with it', () => {
    expect(
      loadConfig({
        NODE_ENV: 'test',
        S3_BUCKET: 'lumara-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).objectStore,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      bucket: 'lumara-media',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'lumara-media' }).objectStore).toMatchObject({
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses half an object store: settings without a bucket, one credential without the other', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: set the bucket/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'lumara-media', S3_ACCESS_KEY_ID: 'key' }),
    ).toThrow(/set both, or neither/);
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'Lumara_Media' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'm', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });

  it('reports a misspelt LUMARA_ or S3_ variable instead of ignoring it', () => {
    const error = (() => {
      try {
        loadConfig({ NODE_ENV: 'test', S3_BUKET: 'lumara-media', LUMARA_MODE: 'fast' });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      expect.stringMatching(/^S3_BUKET: not a setting Lumara reads \(it reads S3_ENDPOINT, .*S3_BUCKET/),
      'LUMARA_MODE: not a setting Lumara reads',
    ]);
  });
});

/** What a member may spend on the operator's AI keys: the models called, calls a day, generations at once. */
describe('AI spend', () => {
  it('has defaults: the catalogue only, 500 calls a day, 4 generations at once', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).ai).toMatchObject({
      allowedModels: [],
      dailyCallsPerMember: 500,
      generationJobsInFlightPerMember: 4,
    });
  });

  it('reads each from its variable, AI_ALLOWED_MODELS as a comma-separated list of ids', () => {
    const ai = loadConfig({
      NODE_ENV: 'test',
      AI_ALLOWED_MODELS: ' openai/gpt-4o , fal-ai/flux-pro/v1.1-ultra,,meta-llama/llama-3.3-8b:free',
      AI_DAILY_CALLS_PER_MEMBER: '50',
      GENERATION_JOBS_IN_FLIGHT_PER_MEMBER: '1',
    }).ai;
    expect(ai).toMatchObject({
      allowedModels: ['openai/gpt-4o', 'fal-ai/flux-pro/v1.1-ultra', 'meta-llama/llama-3.3-8b:free'],
      dailyCallsPerMember: 50,
      generationJobsInFlightPerMember: 1,
    });
  });

  it('refuses an id no request could name, and limits that are not positive whole numbers', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', AI_ALLOWED_MODELS: 'openai/gpt-4o,gpt 4' })).toThrow(
      /AI_ALLOWED_MODELS: "gpt 4" is not a model id/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', AI_DAILY_CALLS_PER_MEMBER: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', GENERATION_JOBS_IN_FLIGHT_PER_MEMBER: '2.5' })).toThrow(
      ConfigError,
    );
  });
});

/** Settings that would open a hole are refused at start-up, not found out later. */
describe('risky settings', () => {
  const production = {
    NODE_ENV: 'production',
    GOOGLE_CLIENT_ID: 'id',
    GOOGLE_CLIENT_SECRET: 'secret',
  };

  it('refuses an http:// APP_URL in production unless ALLOW_INSECURE_APP_URL=true, and then warns', () => {
    expect(() => loadConfig({ ...production, APP_URL: 'http://lumara.example' })).toThrow(
      /APP_URL: must be https:\/\/ in production/,
    );
    const allowed = loadConfig({
      ...production,
      APP_URL: 'http://lumara.internal',
      ALLOW_INSECURE_APP_URL: 'true',
    });
    expect(allowed.appUrl.protocol).toBe('http:');
    expect(allowed.warnings).toEqual([expect.stringMatching(/^APP_URL is http:\/\/ in production/)]);
    expect(loadConfig({ ...production, APP_URL: 'https://lumara.example' }).warnings).toEqual([]);
    expect(() =>
      loadConfig({ ...production, APP_URL: 'https://lumara.example', ALLOW_INSECURE_APP_URL: 'yes' }),
    ).toThrow(/ALLOW_INSECURE_APP_URL/);
  });

  it('refuses development sign-in on an address other machines reach', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'lumara.local'])
      expect(() => loadConfig({ NODE_ENV: 'development', HOST: host })).toThrow(
        /HOST: development sign-in .* is served only on a loopback address/,
      );
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost'])
      expect(loadConfig({ NODE_ENV: 'development', HOST: host }).signIn.mode).toBe('development');
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    // With a real identity provider any address will do.
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0', GOOGLE_CLIENT_ID: 'id' }).host).toBe(
      '0.0.0.0',
    );
  });
});

describe('operators and client addresses', () => {
  it('reads ADMIN_SUBJECTS as issuer|subject pairs and ADMIN_EMAILS as lower-cased bootstrap emails', () => {
    const { operators } = loadConfig({
      NODE_ENV: 'test',
      GOOGLE_CLIENT_ID: 'id',
      ADMIN_SUBJECTS: 'https://accounts.google.com|1234567890, https://accounts.google.com|42',
      ADMIN_EMAILS: 'Ada@Example.com',
    });
    expect(operators).toEqual({
      subjects: [
        { issuer: 'https://accounts.google.com', subject: '1234567890' },
        { issuer: 'https://accounts.google.com', subject: '42' },
      ],
      verifiedEmails: ['ada@example.com'],
    });
    expect(loadConfig({ NODE_ENV: 'test' }).operators).toEqual({ subjects: [], verifiedEmails: [] });
  });

  it('refuses a subject without its issuer and warns about one that can never match', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_SUBJECTS: '1234567890' })).toThrow(
      /ADMIN_SUBJECTS: "1234567890" is not issuer\|subject/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_SUBJECTS: 'https://accounts.google.com|' })).toThrow(
      /ADMIN_SUBJECTS/,
    );
    const config = loadConfig({
      NODE_ENV: 'test',
      GOOGLE_CLIENT_ID: 'id',
      ADMIN_SUBJECTS: 'https://login.example|7',
    });
    expect(config.warnings).toEqual([expect.stringMatching(/^ADMIN_SUBJECTS: .* can never match/)]);
    expect(loadConfig({ NODE_ENV: 'test', ADMIN_SUBJECTS: 'development|ada@example.test' }).warnings).toEqual(
      [],
    );
  });

  it('reads X-Forwarded-For only through the proxies it is told of', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).clientAddress).toEqual({ trustedProxyHops: 0 });
    expect(loadConfig({ NODE_ENV: 'test', TRUSTED_PROXY_HOPS: '2' }).clientAddress).toEqual({
      trustedProxyHops: 2,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', TRUSTED_PROXY_HOPS: 'yes' })).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});

describe('Web Push (VAPID)', () => {
  const pair = generateVapidKeys();

  it('keeps keys in the database by default, with a subject push services take', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).push).toEqual({
      keys: null,
      subject: 'mailto:webpush@localhost',
    });
    expect(loadConfig({ NODE_ENV: 'test', APP_URL: 'https://lumara.example/app' }).push.subject).toBe(
      'https://lumara.example',
    );
  });

  it('reads a key pair and a subject', () => {
    const push = loadConfig({
      NODE_ENV: 'test',
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'mailto:ops@lumara.example',
    }).push;
    expect(push).toEqual({ keys: pair, subject: 'mailto:ops@lumara.example' });
  });

  it('refuses half a pair, keys of another pair or size, and a subject that is neither mailto: nor https:', () => {
    const other = generateVapidKeys();
    const refusals = [
      { VAPID_PUBLIC_KEY: pair.publicKey },
      { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey },
      { VAPID_PUBLIC_KEY: pair.publicKey.slice(0, 40), VAPID_PRIVATE_KEY: pair.privateKey },
      { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: 'not+base64url' },
      { VAPID_SUBJECT: 'http://localhost:3000' },
    ];
    for (const env of refusals) {
      expect(() => loadConfig({ NODE_ENV: 'test', ...env }), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
});
