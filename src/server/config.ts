import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env (conventions §1): everything the server can be told is validated here once,
 * at start-up, and a wrong setting stops the process with the list of what is wrong.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
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
  if (production && !e.APP_URL)
    problems.push('APP_URL: set the public https URL members use (e.g. https://lumara.example)');

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
  }
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
  };
}

/** An empty variable (`FOO=`) means "not set", as shells and .env files usually intend. */
function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}
