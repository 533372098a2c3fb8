import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signInOverHttp } from '#tests/setup/http-sign-in.ts';
import { nodeBinary, projectRoot, startServerProcess } from '#tests/setup/server-process.ts';

/**
 * `npm run backup` and `npm run restore` as an operator runs them, against the real server process: a backup of
 * a running server through its control socket, a restore refused while it runs, then restored after it stops.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'lumara-backup-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const result = spawnSync(nodeBinary, [path.join(projectRoot, 'scripts', `${script}.ts`), ...args], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

async function titles(url: string, cookie: string): Promise<string[]> {
  const response = await fetch(`${url}/api/tasks`, { headers: { cookie } });
  return ((await response.json()) as { title: string }[]).map((task) => task.title).sort();
}

describe('npm run backup and npm run restore', () => {
  it('back up a running server, refuse to restore under it, and restore once it has stopped', async () => {
    const env = { DATA_DIR: path.join(root, 'data') };
    const backups = path.join(root, 'backups');
    const server = await startServerProcess(env);
    const cookie = await signInOverHttp(server.url, { name: 'Ada', email: 'ada@example.test' });
    const add = (title: string) =>
      fetch(`${server.url}/api/tasks`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ title }),
      });
    try {
      expect((await add('Before the backup')).status).toBe(201);
      const backup = run('backup', [backups], env);
      expect(backup.output).toContain('Asking the running server');
      expect(backup.code, backup.output).toBe(0);
      const [file] = readdirSync(backups);
      expect(file).toMatch(/^lumara-backup-.*\.tar\.gz$/);
      expect((await add('After the backup')).status).toBe(201);

      const refused = run('restore', [path.join(backups, file ?? '')], env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('stop it before restoring');
      expect(refused.output).toContain('Nothing was restored');
      expect(await titles(server.url, cookie)).toEqual(['After the backup', 'Before the backup']);
    } finally {
      await server.stop();
    }

    const restore = run('restore', [path.join(backups, readdirSync(backups)[0] ?? '')], env);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('1 members, 1 tasks');
    const again = await startServerProcess(env);
    try {
      // The session was in the database too: the same cookie works on the restored data.
      expect(await titles(again.url, cookie)).toEqual(['Before the backup']);
    } finally {
      await again.stop();
    }
    // Two servers and three scripts, each a process of its own that starts from the sources.
  }, 120_000);

  it('says where PostgreSQL backups come from instead of backing it up', () => {
    const result = run('backup', [], { DATABASE_URL: 'postgres://postgres@127.0.0.1:9/none' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('pg_dump');
  });
});
