import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { modelIdSchema } from '#shared/ai.ts';
import type { HttpLimits } from './http-server.ts';

/** Each member's share of the media store unless `MEDIA_QUOTA_BYTES` says otherwise: 5 GiB. */
export const DEFAULT_MEDIA_QUOTA_BYTES = 5 * 1024 ** 3;

/**
 * The only reader of process.env (a lint rule holds every other file in `src/` to it): everything the server
 * can be told is validated here once, at start-up, and a wrong setting stops the process with the list of
 * what is wrong.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  ALLOW_INSECURE_APP_URL: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OPENROUTER_API_KEY: z.string().min(1).optional(),
  OPENROUTER_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://openrouter.ai/api/v1'),
  STRAICO_API_KEY: z.string().min(1).optional(),
  STRAICO_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.straico.com'),
  FAL_KEY: z.string().min(1).optional(),
  FAL_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://fal.run'),
  FAL_QUEUE_URL: z.url({ protocol: /^https?$/ }).default('https://queue.fal.run'),
  OPENAI_COMPAT_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  OPENAI_COMPAT_API_KEY: z.string().min(1).optional(),
  OPENAI_COMPAT_MODELS: z.string().min(1).optional(),
  OPENALEX_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.openalex.org'),
  OPENALEX_MAILTO: z.email().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  AI_DAILY_CALLS_PER_MEMBER: z.coerce.number().int().min(1).max(1_000_000).default(500),
  AI_ALLOWED_MODELS: z.string().min(1).optional(),
  GENERATION_JOBS_IN_FLIGHT_PER_MEMBER: z.coerce.number().int().min(1).max(1_000).default(4),
  ADMIN_EMAILS: z.string().min(1).optional(),
  ADMIN_SUBJECTS: z.string().min(1).optional(),
  SIGN_IN_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  MEDIA_DIR: z.string().min(1).optional(),
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(100 * 1024 * 1024),
  MEDIA_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(2 ** 50)
    .default(DEFAULT_MEDIA_QUOTA_BYTES),
  GENERATION_TIMEOUT_MS: z.coerce.number().int().min(10_000).max(3_600_000).default(600_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(5_000),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(10).max(1_000_000).default(12_000),
  EVENT_STREAMS_PER_MEMBER: z.coerce.number().int().min(1).max(1_000).default(20),
  EVENT_STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  DATABASE_QUEUE_MAX: z.coerce.number().int().min(1).max(100_000).default(200),
  MEMBER_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(64),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_EVERY: z
    .string()
    .regex(/^\d+[mhd]$/, 'a period such as 30m, 6h or 1d')
    .optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1_000).default(7),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 of a-z, 0-9, ".", "-")')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z.string().min(1).optional(),
  CALENDAR_FEED_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (openssl rand -hex 32)')
    .optional(),
  UNSAFE_OUTBOUND_ALLOW: z
    .string()
    .regex(
      /^[^,\s]+(,[^,\s]+)*$/,
      'a comma-separated list of IP addresses, each optionally with :port ([::1]:8080 for IPv6)',
    )
    .optional(),
});

export type SignInConfig =
  | {
      mode: 'google';
      clientId: string;
      clientSecret: string | undefined;
      issuer: string;
      allowInsecureIssuer: boolean;
    }
  | { mode: 'development' };

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The public origin members reach, e.g. https://lumara.example: cookies, redirects and origin checks use it. */
  appUrl: URL;
  database:
    | { kind: 'postgres'; url: string; poolMax: number }
    | { kind: 'embedded'; dataDir: string; poolMax: number };
  signIn: SignInConfig;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  ai: AiConfig;
  /** Who runs the community (sees reported posts, hides and restores them). */
  operators: OperatorsConfig;
  /** How the server learns a client's address (per-address limits): from the socket, or through proxies. */
  clientAddress: ClientAddressConfig;
  media: MediaConfig;
  limits: LimitsConfig;
  /** Scheduled backups of the embedded database and its media; null when `BACKUP_DIR` is not set. */
  backup: BackupConfig | null;
  /** Shared by every server for live events and limits (`REDIS_URL`); null: both stay inside this process. */
  redis: { url: string } | null;
  /** The S3-compatible store media lives in (`S3_BUCKET`); null: the directory store (`media.dir`). */
  objectStore: ObjectStoreConfig | null;
  /** Web Push (decision 0034): the VAPID key pair and contact every server signs pushes with. */
  push: PushConfig;
  /**
   * The key calendar feed addresses are made with (`CALENDAR_FEED_SECRET`, decision 0036); undefined: the
   * calendar-feed feature's built-in one, so a copy of the database is enough to rebuild the addresses.
   */
  calendarFeedSecret: string | undefined;
  /** What is allowed but worth an operator's attention, logged once at start-up. */
  warnings: string[];
};

/**
 * The VAPID (RFC 8292) identity of this deployment. `keys` are `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY` (base64url: a
 * 65-byte uncompressed P-256 point and its 32-byte private scalar); null: a pair made once and kept in the
 * database (`vapid_keys`), the same for every server. `subject` is the contact a push service may write to about
 * our pushes: `VAPID_SUBJECT`, else APP_URL's origin when it is https, else `mailto:webpush@<APP_URL's host>`
 * (push services take only `mailto:` or `https:`, so a development http://localhost cannot be it).
 */
export type PushConfig = {
  keys: { publicKey: string; privateKey: string } | null;
  subject: string;
};

export type ObjectStoreConfig = {
  /** Any S3-compatible endpoint (MinIO, R2, Garage); undefined: AWS S3 of `region`. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Both or neither; neither: the SDK's own credential chain (instance role, shared files). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `bucket` in the path rather than the host name (MinIO, s3rver, most self-hosted stores). */
  forcePathStyle: boolean;
};

/** What one client, one member and all of them together may take of the server (docs/configuration.md). */
export type LimitsConfig = {
  http: Omit<HttpLimits, 'maxBodyBytes'>;
  /** Open `GET /api/events` streams one member may hold, and all members together, on this server. */
  eventStreams: { perMember: number; total: number };
  /** Requests waiting for a database connection; one more answers 503 at once instead of queueing. */
  databaseQueueMax: number;
  /**
   * Requests one browser may have in flight at once; one more answers 429 before any database work. Counted per
   * session once the database has vouched for it, per client address until then.
   */
  memberRequestsInFlight: number;
  /** Calls of the public sign-in routes one client address may make per minute. */
  signInPerMinute: number;
};

/**
 * Operators are named by the identity that signs them in, never by an email alone (decision 0029):
 * `subjects` (`ADMIN_SUBJECTS`, `issuer|subject` pairs) for good; `verifiedEmails` (`ADMIN_EMAILS`, lower-cased)
 * only as a bootstrap, matched when the identity provider vouched for the email (`email_verified`).
 */
export type OperatorsConfig = {
  subjects: readonly { issuer: string; subject: string }[];
  verifiedEmails: readonly string[];
};

/**
 * `trustedProxyHops` proxies in front of the server append to `X-Forwarded-For`; the client is the address that
 * many entries from its right end (0: the socket's address, the header ignored).
 */
export type ClientAddressConfig = { trustedProxyHops: number };

/** The issuer the development identity provider vouches as (its subjects are the typed emails). */
export const DEVELOPMENT_ISSUER = 'development';

export type BackupConfig = { dir: string; everyMs: number; keep: number };

/** Where generated and saved media live, how big a file may be, and how long a generation may take. */
export type MediaConfig = {
  /** The media store's directory (`DATA_DIR/media` unless `MEDIA_DIR` says otherwise). */
  dir: string;
  /** The largest file the server copies into its store (provider outputs, `POST /api/media`, imports). */
  maxBytes: number;
  /**
   * Where large uploads wait while they are read (account imports): on the data volume (`DATA_DIR/uploads`), not
   * the system's temporary folder, which is often small or in memory.
   */
  uploadsDir: string;
  /**
   * What one member may keep in the store in all: gallery items, avatar and wallpaper copies
   * (`features/media/media-quota.ts`).
   */
  quotaBytes: number;
  /** A generation job not finished after this long fails as 'Generation timed out'. */
  jobTimeoutMs: number;
  /**
   * Addresses (and their ports) the safe outbound fetch treats as public. Empty in any real deployment; tests
   * and local development point it at a fake provider on loopback (`UNSAFE_OUTBOUND_ALLOW`). Refused in
   * production.
   */
  outbound: { extraAllowed: string[]; extraPorts: number[] };
};

/**
 * Where the external AI services are and the keys to reach them. A provider without its key is listed but
 * answers 503 `provider_not_configured`; keys stay on the server (never logged, never answered).
 */
export type AiConfig = {
  openRouter: { apiKey: string | undefined; baseUrl: string };
  straico: { apiKey: string | undefined; baseUrl: string };
  fal: { apiKey: string | undefined; baseUrl: string; queueUrl: string };
  /** Any OpenAI-compatible server (Ollama, LM Studio, vLLM); configured by its base URL alone. */
  openAiCompatible: { baseUrl: string | undefined; apiKey: string | undefined; models: string[] };
  openAlex: { baseUrl: string; mailto: string | undefined };
  /** Every outbound AI call gives up after this long (504 `provider_timeout`). */
  timeoutMs: number;
  /** Bounded retries on 429 and 5xx before a provider failure is reported. */
  maxRetries: number;
  /** AI requests one member may make per minute (on every server together when they share Redis). */
  rateLimitPerMinute: number;
  /** AI requests one member may make in a day, counted from their first (`AI_DAILY_CALLS_PER_MEMBER`). */
  dailyCallsPerMember: number;
  /** Model ids callable besides the catalogue's, with any provider and for any kind (`AI_ALLOWED_MODELS`). */
  allowedModels: string[];
  /** Generation jobs one member may have pending at once (`GENERATION_JOBS_IN_FLIGHT_PER_MEMBER`). */
  generationJobsInFlightPerMember: number;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Lumara cannot start, the configuration is wrong:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];

  const host = e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
  const appUrl = new URL(e.APP_URL ?? `http://localhost:${e.PORT}`);
  const warnings: string[] = [];
  if (production && !e.APP_URL)
    problems.push('APP_URL: set the public https URL members use (e.g. https://lumara.example)');
  if (production && e.APP_URL && appUrl.protocol === 'http:') {
    if (e.ALLOW_INSECURE_APP_URL === 'true')
      warnings.push(
        'APP_URL is http:// in production (ALLOW_INSECURE_APP_URL=true): session cookies are not Secure and no ' +
          'HSTS is sent. Keep it for a TLS-terminating proxy on a private network only.',
      );
    else
      problems.push(
        'APP_URL: must be https:// in production (cookies would travel in the clear). Behind a proxy that ' +
          'terminates TLS on a private network, set ALLOW_INSECURE_APP_URL=true to accept it.',
      );
  }

  let signIn: SignInConfig;
  if (e.GOOGLE_CLIENT_ID) {
    const issuerIsHttp = new URL(e.GOOGLE_ISSUER).protocol === 'http:';
    if (production && issuerIsHttp) problems.push('GOOGLE_ISSUER: must be https in production');
    if (production && !e.GOOGLE_CLIENT_SECRET) problems.push('GOOGLE_CLIENT_SECRET: required in production');
    signIn = {
      mode: 'google',
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuer: e.GOOGLE_ISSUER,
      allowInsecureIssuer: !production && issuerIsHttp,
    };
  } else if (production) {
    problems.push(
      'GOOGLE_CLIENT_ID: no sign-in provider is configured. In production set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET; ' +
        'the development sign-in is never served when NODE_ENV=production.',
    );
    signIn = { mode: 'development' };
  } else {
    signIn = { mode: 'development' };
    // Anyone who reaches development sign-in can be anyone: it stays on this machine.
    if (!isLoopbackHost(host))
      problems.push(
        `HOST: development sign-in (no GOOGLE_CLIENT_ID) is served only on a loopback address (127.0.0.1, ::1, ` +
          `localhost), not on ${host}: anyone who reaches it can sign in as any member`,
      );
  }
  const operators = operatorsOf(e, signIn, problems, warnings);
  const outbound = parseOutboundAllow(e.UNSAFE_OUTBOUND_ALLOW, problems);
  const allowedModels = parseModelIds('AI_ALLOWED_MODELS', e.AI_ALLOWED_MODELS, problems);
  if (production && e.UNSAFE_OUTBOUND_ALLOW)
    problems.push(
      'UNSAFE_OUTBOUND_ALLOW: lets the server fetch private addresses; never set it in production',
    );
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS)
    problems.push('HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  if (e.BACKUP_DIR && !e.BACKUP_EVERY)
    problems.push('BACKUP_EVERY: say how often to back up into BACKUP_DIR (e.g. 6h)');
  if (e.BACKUP_EVERY && !e.BACKUP_DIR) problems.push('BACKUP_DIR: say where BACKUP_EVERY writes its backups');
  if (e.BACKUP_DIR && e.DATABASE_URL)
    problems.push(
      'BACKUP_DIR: scheduled backups are for the embedded database; back PostgreSQL up with pg_dump or PITR (docs/operations.md)',
    );
  problems.push(...unknownSettings(env));
  const objectStore = objectStoreOf(e, problems);
  const push = pushOf(e, appUrl, problems);
  if (production && e.DATABASE_URL && !e.REDIS_URL)
    warnings.push(
      'REDIS_URL is not set: live updates and per-member limits stay inside each server. Run one server, or ' +
        'set REDIS_URL so several servers share them (docs/operations.md).',
    );
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    appUrl,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX }
      : { kind: 'embedded', dataDir: path.resolve(e.DATA_DIR), poolMax: e.DATABASE_POOL_MAX },
    signIn,
    logLevel: e.LOG_LEVEL,
    operators,
    clientAddress: { trustedProxyHops: e.TRUSTED_PROXY_HOPS },
    media: {
      dir: path.resolve(e.MEDIA_DIR ?? path.join(e.DATA_DIR, 'media')),
      maxBytes: e.MEDIA_MAX_BYTES,
      uploadsDir: path.resolve(path.join(e.DATA_DIR, 'uploads')),
      quotaBytes: e.MEDIA_QUOTA_BYTES,
      jobTimeoutMs: e.GENERATION_TIMEOUT_MS,
      outbound,
    },
    limits: {
      http: {
        headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
        requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
        keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
        maxConnections: e.HTTP_MAX_CONNECTIONS,
      },
      eventStreams: { perMember: e.EVENT_STREAMS_PER_MEMBER, total: e.EVENT_STREAMS_MAX },
      databaseQueueMax: e.DATABASE_QUEUE_MAX,
      memberRequestsInFlight: e.MEMBER_REQUESTS_IN_FLIGHT,
      signInPerMinute: e.SIGN_IN_LIMIT_PER_MINUTE,
    },
    backup:
      e.BACKUP_DIR && e.BACKUP_EVERY
        ? { dir: path.resolve(e.BACKUP_DIR), everyMs: periodMs(e.BACKUP_EVERY), keep: e.BACKUP_KEEP }
        : null,
    redis: e.REDIS_URL ? { url: e.REDIS_URL } : null,
    objectStore,
    push,
    calendarFeedSecret: e.CALENDAR_FEED_SECRET,
    warnings,
    ai: {
      openRouter: { apiKey: e.OPENROUTER_API_KEY, baseUrl: e.OPENROUTER_BASE_URL },
      straico: { apiKey: e.STRAICO_API_KEY, baseUrl: e.STRAICO_BASE_URL },
      fal: { apiKey: e.FAL_KEY, baseUrl: e.FAL_BASE_URL, queueUrl: e.FAL_QUEUE_URL },
      openAiCompatible: {
        baseUrl: e.OPENAI_COMPAT_BASE_URL,
        apiKey: e.OPENAI_COMPAT_API_KEY,
        models: (e.OPENAI_COMPAT_MODELS ?? '')
          .split(',')
          .map((model) => model.trim())
          .filter(Boolean),
      },
      openAlex: { baseUrl: e.OPENALEX_BASE_URL, mailto: e.OPENALEX_MAILTO },
      timeoutMs: e.AI_TIMEOUT_MS,
      maxRetries: 2,
      rateLimitPerMinute: e.AI_RATE_LIMIT_PER_MINUTE,
      dailyCallsPerMember: e.AI_DAILY_CALLS_PER_MEMBER,
      allowedModels,
      generationJobsInFlightPerMember: e.GENERATION_JOBS_IN_FLIGHT_PER_MEMBER,
    },
  };
}

/** The AI settings of a server told nothing: every provider listed, none configured. */
export function unconfiguredAiConfig(): AiConfig {
  return loadConfig({ NODE_ENV: 'test' }).ai;
}

/** The limits of a server told nothing (tests, apps built without a configuration). */
export function defaultLimits(): LimitsConfig {
  return loadConfig({ NODE_ENV: 'test' }).limits;
}

/** Whether `HOST` is reachable from this machine only: `localhost` or a loopback address. */
function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  const address = host.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}

/**
 * `ADMIN_SUBJECTS` (`issuer|subject,…`) and `ADMIN_EMAILS`. A subject of an issuer this server does not sign in
 * with can never match: said at start-up rather than found out when the operator is refused.
 */
function operatorsOf(
  e: z.infer<typeof envSchema>,
  signIn: SignInConfig,
  problems: string[],
  warnings: string[],
): OperatorsConfig {
  const signInIssuer = signIn.mode === 'google' ? signIn.issuer : DEVELOPMENT_ISSUER;
  const subjects: { issuer: string; subject: string }[] = [];
  for (const entry of (e.ADMIN_SUBJECTS ?? '').split(',').map((part) => part.trim())) {
    if (!entry) continue;
    const separator = entry.lastIndexOf('|');
    const issuer = entry.slice(0, separator).trim();
    const subject = entry.slice(separator + 1).trim();
    if (separator < 0 || !issuer || !subject) {
      problems.push(
        `ADMIN_SUBJECTS: "${entry}" is not issuer|subject (e.g. https://accounts.google.com|1234567890)`,
      );
      continue;
    }
    if (issuer !== signInIssuer)
      warnings.push(
        `ADMIN_SUBJECTS: ${issuer}|${subject} can never match: members sign in through ${signInIssuer} here`,
      );
    subjects.push({ issuer, subject });
  }
  const verifiedEmails = (e.ADMIN_EMAILS ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  if (verifiedEmails.length > 0 && signIn.mode === 'development')
    warnings.push(
      'ADMIN_EMAILS: development sign-in vouches for no email, so these match nobody; name development operators ' +
        `in ADMIN_SUBJECTS as ${DEVELOPMENT_ISSUER}|<their email>`,
    );
  return { subjects, verifiedEmails };
}

/** `127.0.0.2,127.0.0.2:4010,[::1]:8080`: the addresses, and any ports named with them. */
function parseOutboundAllow(raw: string | undefined, problems: string[]): MediaConfig['outbound'] {
  const extraAllowed: string[] = [];
  const extraPorts: number[] = [];
  for (const entry of (raw ?? '').split(',').filter(Boolean)) {
    const match = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d{1,5}))?$/.exec(entry);
    const address = match?.[1] ?? match?.[2];
    const port = match?.[3] === undefined ? undefined : Number(match[3]);
    if (!address || !isIP(address) || (port !== undefined && (port < 1 || port > 65_535))) {
      problems.push(`UNSAFE_OUTBOUND_ALLOW: "${entry}" is not an IP address with an optional :port`);
      continue;
    }
    extraAllowed.push(address);
    if (port !== undefined) extraPorts.push(port);
  }
  return { extraAllowed, extraPorts };
}

/** `openai/gpt-4o,fal-ai/flux-pro`: the ids, each one a model id as requests may name them. */
function parseModelIds(name: string, raw: string | undefined, problems: string[]): string[] {
  const ids = (raw ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  for (const id of ids) {
    if (!modelIdSchema.safeParse(id).success)
      problems.push(`${name}: "${id}" is not a model id (letters, digits and . : / @ + - _, at most 200)`);
  }
  return ids;
}

/**
 * Lumara's own prefixes: a variable starting with one that Lumara does not read is a typo (S3_BUKET) that would
 * otherwise leave the setting silently unset, so it stops the start with the names it could have meant.
 */
const OWN_PREFIXES = ['LUMARA_', 'S3_'];

function unknownSettings(env: NodeJS.ProcessEnv): string[] {
  const known = Object.keys(envSchema.shape);
  return Object.keys(env)
    .filter((name) => OWN_PREFIXES.some((prefix) => name.startsWith(prefix)) && !known.includes(name))
    .map((name) => {
      const prefix = OWN_PREFIXES.find((own) => name.startsWith(own)) ?? '';
      const siblings = known.filter((other) => other.startsWith(prefix));
      return `${name}: not a setting Lumara reads${siblings.length > 0 ? ` (it reads ${siblings.join(', ')})` : ''}`;
    });
}

/** The object store's settings: on when `S3_BUCKET` is set; any other `S3_` setting alone is a mistake. */
function objectStoreOf(e: z.infer<typeof envSchema>, problems: string[]): ObjectStoreConfig | null {
  const keyId = e.S3_ACCESS_KEY_ID;
  const secret = e.S3_SECRET_ACCESS_KEY;
  if (!e.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (name) => e[name],
    );
    if (stray.length > 0)
      problems.push(`S3_BUCKET: set the bucket media goes to (${stray.join(', ')} set without it)`);
    return null;
  }
  if (Boolean(keyId) !== Boolean(secret))
    problems.push(
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the SDK credential chain',
    );
  return {
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** The VAPID settings: both keys or neither, each the right size, one pair, and a subject push services take. */
function pushOf(e: z.infer<typeof envSchema>, appUrl: URL, problems: string[]): PushConfig {
  const subject = e.VAPID_SUBJECT ?? pushConfigFor(appUrl).subject;
  if (e.VAPID_SUBJECT && !/^(mailto:[^\s@]+@\S+|https:\/\/\S+)$/.test(e.VAPID_SUBJECT))
    problems.push(
      'VAPID_SUBJECT: must be a mailto: address or an https:// URL (push services take no other)',
    );
  const publicKey = e.VAPID_PUBLIC_KEY;
  const privateKey = e.VAPID_PRIVATE_KEY;
  if (!publicKey && !privateKey) return { keys: null, subject };
  if (!publicKey || !privateKey) {
    problems.push(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither to have the servers make a pair',
    );
    return { keys: null, subject };
  }
  const problem = vapidPairProblem(publicKey, privateKey);
  if (problem) problems.push(`VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: ${problem}`);
  return { keys: { publicKey, privateKey }, subject };
}

/**
 * The push settings of a server told nothing but its URL: keys kept in the database, and APP_URL's origin as the
 * subject when it is https, else `mailto:webpush@<its host>` (push services refuse an http subject).
 */
export function pushConfigFor(appUrl: URL): PushConfig {
  const host = appUrl.hostname.replace(/^\[|\]$/g, '');
  return { keys: null, subject: appUrl.protocol === 'https:' ? appUrl.origin : `mailto:webpush@${host}` };
}

/** Why two base64url keys are not one P-256 key pair (`npx web-push generate-vapid-keys` makes one); null if they are. */
export function vapidPairProblem(publicKey: string, privateKey: string): string | null {
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (!base64url.test(publicKey) || !base64url.test(privateKey)) return 'must be base64url';
  const publicBytes = Buffer.from(publicKey, 'base64url');
  const privateBytes = Buffer.from(privateKey, 'base64url');
  if (publicBytes.length !== 65 || publicBytes[0] !== 4)
    return 'the public key must be an uncompressed P-256 point (65 bytes)';
  if (privateBytes.length !== 32) return 'the private key must be 32 bytes';
  try {
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(privateBytes);
    if (!curve.getPublicKey().equals(publicBytes)) return "the public key is not the private key's";
  } catch {
    return 'the private key is not a P-256 key';
  }
  return null;
}

/** `30m`, `6h`, `1d` in milliseconds. */
function periodMs(period: string): number {
  const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000 }[period.slice(-1) as 'm' | 'h' | 'd'];
  return Number(period.slice(0, -1)) * unitMs;
}

/** An empty variable (`FOO=`) means "not set", as shells and .env files usually intend. */
function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}
