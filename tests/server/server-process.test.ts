import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServerToExit, startServerProcess } from '#tests/setup/server-process.ts';

/** The real process: `node src/server/main.ts` as `npm start` runs it. */
const dirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lumara-process-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('server process', () => {
  it('refuses to start in production without a sign-in provider, saying what to set', async () => {
    const { code, output } = await runServerToExit({
      NODE_ENV: 'production',
      APP_URL: 'https://lumara.example',
      DATA_DIR: tempDataDir(),
    });
    expect(code).toBe(1);
    expect(output).toContain('GOOGLE_CLIENT_ID');
    expect(output).toContain('no sign-in provider is configured');
  });

  it('refuses a configuration it cannot use, listing every problem', async () => {
    const { code, output } = await runServerToExit({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      DATA_DIR: tempDataDir(),
    });
    expect(code).toBe(1);
    expect(output).toContain('PORT');
    expect(output).toContain('DATABASE_URL');
  });

  it('runs on Node 24 or newer, logs one JSON line per request, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDataDir();
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const startLine = JSON.parse(
        server.lines.find((line) => line.includes('Lumara is listening')) ?? '{}',
      ) as {
        node: string;
      };
      expect(Number(startLine.node.slice(1).split('.')[0])).toBeGreaterThanOrEqual(24);
      const health = (await (await fetch(`${server.url}/healthz`)).json()) as { node: string };
      expect(health.node).toBe(startLine.node);

      const secret = 'b'.repeat(43);
      const response = await fetch(`${server.url}/api/users/me`, {
        headers: { cookie: `lumara_session=${secret}`, 'x-request-id': 'process-test-0001' },
      });
      expect(response.status).toBe(401);
      await expect.poll(() => server.lines.some((line) => line.includes('process-test-0001'))).toBe(true);
      const requestLine = JSON.parse(
        server.lines.find((line) => line.includes('process-test-0001')) ?? '{}',
      ) as Record<string, unknown>;
      expect(requestLine).toMatchObject({
        requestId: 'process-test-0001',
        method: 'GET',
        path: '/api/users/me',
        status: 401,
      });
      expect(server.lines.join('\n')).not.toContain(secret);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    expect(server.lines.some((line) => line.includes('stopped cleanly'))).toBe(true);
  });

  // Three server processes, one after another: on a loaded two-core machine each start takes seconds.
  it('refuses a second server on the same embedded data directory', async () => {
    const dataDir = tempDataDir();
    const first = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const second = await runServerToExit({ DATA_DIR: dataDir });
      expect(second.code).toBe(1);
      expect(second.output).toContain('is already using the embedded database');
      // The first one is unharmed.
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
    // After a clean stop the directory is free again, and the data is still there.
    const again = await startServerProcess({ DATA_DIR: dataDir });
    expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
    await again.stop();
  }, 120_000);

  it('removes the socket folders that killed servers left behind', async () => {
    const dataDir = tempDataDir();
    // A temp directory of their own, so only these servers' folders are counted.
    const tmp = tempDataDir();
    const socketDirs = () => readdirSync(tmp).filter((name) => name.startsWith('lumara-db-'));
    const crashed = await startServerProcess({ DATA_DIR: dataDir, TMPDIR: tmp });
    await crashed.stop('SIGKILL');
    const left = socketDirs();
    expect(left).toHaveLength(1);
    const next = await startServerProcess({ DATA_DIR: dataDir, TMPDIR: tmp });
    // The killed server's folder is gone; only the new server's own is there.
    expect(socketDirs()).toHaveLength(1);
    expect(socketDirs()).not.toEqual(left);
    await next.stop();
    expect(socketDirs()).toHaveLength(0);
  });

  it('takes over the lock of a server that was killed', async () => {
    const dataDir = tempDataDir();
    const crashed = await startServerProcess({ DATA_DIR: dataDir });
    await crashed.stop('SIGKILL');
    const next = await startServerProcess({ DATA_DIR: dataDir });
    expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
    await next.stop();
  });
});
