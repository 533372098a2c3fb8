import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The media settings (issue 5): where the store lives and which private addresses tests may reach. */
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

/** The limits for slow clients, event streams and the database queue, and scheduled backups (issue 13). */
describe('limits and backups', () => {
  it('has defaults for every limit and reads each from its variable', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).limits).toEqual({
      http: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        keepAliveTimeoutMs: 5_000,
        maxConnections: 10_000,
      },
      eventStreams: { perMember: 20, total: 2_000 },
      databaseQueueMax: 200,
      memberRequestsInFlight: 64,
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
