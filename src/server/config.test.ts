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
