import { closeSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { startFileHost } from '#tests/factories/media-test-files.ts';
import { signInOverHttp } from '#tests/setup/http-sign-in.ts';
import { startServerProcess } from '#tests/setup/server-process.ts';
import { type ChaosPart, jsonWrite, mountSmallFileSystem, resultOf, skipped, sleep } from './chaos-kit.ts';
import { startTaskWriters, taskIdsOn } from './task-writers.ts';

/** Free space left when the file system is filled, so the server fills the rest itself while members write. */
const LEAVE_BYTES = 3 * 1024 * 1024;

/**
 * A full disk under the embedded database and the media store: the server runs on a 64 MB tmpfs,
 * which a filler file brings to 3 MB free; members keep writing tasks and saving media until writes are refused.
 * Writes must answer 507 JSON (never another 5xx), reads go on, every media row keeps its file and every file its
 * row, writes work again once there is room, and after a restart every acknowledged task is there. Needs root
 * (to mount the tmpfs); skipped elsewhere.
 */
export const diskFull: ChaosPart = {
  name: 'disk-full',
  async run() {
    const fs = mountSmallFileSystem(64);
    if (!fs) return skipped('disk-full', 'needs root to mount a small file system (tmpfs)');
    const host = await startFileHost({ host: '127.0.0.2' });
    const dataDir = path.join(fs.dir, 'data');
    const env = { DATA_DIR: dataDir, UNSAFE_OUTBOUND_ALLOW: `127.0.0.2:${host.port}` };
    const problems: string[] = [];
    const statuses = new Map<string, number>();
    const tally = (what: string, status: number | string) => {
      const key = `${what} ${status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    };
    let server = await startServerProcess(env);
    try {
      const cookie = await signInOverHttp(server.url, { name: 'Full Disk', email: 'full@example.test' });
      const userId = (
        (await (await fetch(`${server.url}/api/users/me`, { headers: { cookie } })).json()) as { id: number }
      ).id;
      const filler = path.join(fs.dir, 'filler');
      await fill(filler, fs.dir);

      const writers = startTaskWriters(server.url, cookie, 2, 'full');
      let saves = 0;
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const size = saves % 3 === 0 ? 300_000 : 20_000;
        const response = await jsonWrite(`${server.url}/api/media`, cookie, 'POST', {
          media_type: 'image',
          media_url: host.url(`/big?bytes=${size}&length=yes&tag=${saves++}`),
        });
        tally('media save', response.status);
        await response.arrayBuffer();
        const refusedWrites = writers.outcomes.filter((outcome) => outcome.status === 507).length;
        // Full for long enough: tasks refused, and a media save refused too (or held back by the member's save
        // limit, which answers 429 before the store is touched).
        const mediaDone = (statuses.get('media save 507') ?? 0) > 0 || response.status === 429;
        if (refusedWrites >= 200 && mediaDone) break;
        await sleep(20);
      }
      await writers.stop();
      for (const outcome of writers.outcomes) tally('task write', outcome.status ?? outcome.code);
      const serverErrors = [...statuses].filter(([key]) => /\b5\d\d$/.test(key) && !key.endsWith('507'));
      if (serverErrors.length > 0)
        problems.push(`answers other than 507 among 5xx: ${serverErrors.join(', ')}`);
      if (!writers.outcomes.some((outcome) => outcome.status === 507))
        problems.push('the disk never filled: no write was refused');
      const nonJson = writers.outcomes.filter((o) => o.status === 507 && !o.jsonError).length;
      if (nonJson > 0) problems.push(`${nonJson} refusals were not JSON errors`);

      const readsWhileFull = await Promise.all([
        fetch(`${server.url}/api/tasks`, { headers: { cookie } }).then((r) => r.status),
        fetch(`${server.url}/api/media`, { headers: { cookie } }).then((r) => r.status),
        fetch(`${server.url}/readyz`).then((r) => r.status),
      ]);
      if (readsWhileFull.some((status) => status !== 200))
        problems.push(`reads while full answered ${readsWhileFull}`);
      const whileFull = await consistency(server.url, cookie, dataDir, userId);
      if (whileFull) problems.push(`while full: ${whileFull}`);

      rmSync(filler);
      const after = await jsonWrite(`${server.url}/api/tasks`, cookie, 'POST', {
        title: 'after the disk was freed',
      });
      if (after.status !== 201) problems.push(`a write after freeing space answered ${after.status}`);
      // Another member: the first has used up their saves for the minute (429) while the disk was full.
      const second = await signInOverHttp(server.url, { name: 'After', email: 'after@example.test' });
      const saved = await jsonWrite(`${server.url}/api/media`, second, 'POST', {
        media_type: 'image',
        media_url: host.url('/big?bytes=20000&length=yes&tag=after'),
      });
      if (saved.status !== 201) problems.push(`a media save after freeing space answered ${saved.status}`);

      await server.stop();
      server = await startServerProcess(env);
      const present = await taskIdsOn(server.url, cookie);
      const lost = [...writers.acknowledged.keys()].filter((id) => !present.has(id));
      if (lost.length > 0) problems.push(`${lost.length} acknowledged tasks lost after the restart`);
      const afterRestart = await consistency(server.url, cookie, dataDir, userId);
      if (afterRestart) problems.push(`after the restart: ${afterRestart}`);
      return resultOf(
        'disk-full',
        [
          ['file system', '64 MB tmpfs, filled to 3 MB free'],
          ['answers', [...statuses].map(([key, count]) => `${key}×${count}`).join(', ')],
          ['reads while full (tasks, media, readyz)', readsWhileFull.join(', ')],
          ['acknowledged tasks', writers.acknowledged.size],
          ['acknowledged tasks lost after restart', lost.length],
          ['media rows without a file / files without a row', whileFull ?? '0 / 0'],
          ['server alive', server.child.exitCode === null ? 'yes' : 'NO'],
        ],
        problems,
      );
    } finally {
      await server.stop();
      await host.close();
      fs.unmount();
    }
  },
};

/** Writes a filler file until LEAVE_BYTES are left free on the file system. */
async function fill(file: string, dir: string): Promise<void> {
  const info = await statfs(dir);
  const free = info.bavail * info.bsize;
  const block = Buffer.alloc(1024 * 1024);
  const fd = openSync(file, 'w');
  try {
    for (let written = 0; written + block.length <= free - LEAVE_BYTES; written += block.length)
      writeSync(fd, block);
  } finally {
    closeSync(fd);
  }
}

/** Compares the member's gallery with the files in their part of the store: '' when every row has its file. */
async function consistency(
  url: string,
  cookie: string,
  dataDir: string,
  userId: number,
): Promise<string | null> {
  const response = await fetch(`${url}/api/media?limit=1`, { headers: { cookie } });
  const { total } = (await response.json()) as { total: number };
  let files: string[] = [];
  try {
    files = readdirSync(path.join(dataDir, 'media', 'media', String(userId)));
  } catch {
    files = [];
  }
  const stray = files.filter((name) => name.endsWith('.part')).length;
  const kept = files.length - stray;
  if (kept === total && stray === 0) return null;
  return `${total} media rows, ${kept} files, ${stray} half-written files`;
}
