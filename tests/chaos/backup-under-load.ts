import { execFile } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { signInOverHttp } from '#tests/setup/http-sign-in.ts';
import { nodeBinary, projectRoot, startServerProcess } from '#tests/setup/server-process.ts';
import { type ChaosPart, resultOf, sleep, tempDir } from './chaos-kit.ts';
import { startTaskWriters, taskIdsOn } from './task-writers.ts';

const execFileAsync = promisify(execFile);

/**
 * A backup taken under write load restores to the acknowledged writes up to its moment: 4 writers
 * post tasks, `npm run backup` runs against the live server, the server is stopped, `npm run restore` puts the
 * backup back, and the restored tasks must hold every write acknowledged before the backup began and none first
 * sent after it ended (those in between may or may not be in it: their moment is the snapshot's). 1 round in CI,
 * 3 in the full run.
 */
export const backupUnderLoad: ChaosPart = {
  name: 'backup-under-load',
  async run(profile) {
    const rounds = profile.short ? 1 : 3;
    const root = tempDir('backup');
    const env = { DATA_DIR: path.join(root, 'data') };
    const script = (name: string, args: string[]) =>
      execFileAsync(nodeBinary, [path.join(projectRoot, 'scripts', name), ...args], {
        cwd: projectRoot,
        env: { ...process.env, ...env },
      });
    const problems: string[] = [];
    const figures: [string, string | number][] = [];
    try {
      for (let round = 1; round <= rounds; round++) {
        const server = await startServerProcess(env);
        const cookie = await signInOverHttp(server.url, {
          name: 'Backup Member',
          email: 'backup@example.test',
        });
        const writers = startTaskWriters(server.url, cookie, 4, `backup ${round}`);
        await sleep(1_000);
        const ackedBefore = [...writers.acknowledged.keys()];
        const backupStarted = performance.now();
        const backups = path.join(root, `backups-${round}`);
        const { stdout } = await script('backup.ts', [backups]);
        const backupEnded = performance.now();
        await sleep(500);
        await writers.stop();
        await server.stop();
        const sentAfter = writers.outcomes
          .filter((outcome) => outcome.sentAt > backupEnded && outcome.id !== undefined)
          .map((outcome) => outcome.id as number);
        const during = writers.outcomes.filter(
          (outcome) =>
            outcome.id !== undefined && outcome.sentAt <= backupEnded && outcome.answeredAt >= backupStarted,
        );

        await script('restore.ts', [path.join(backups, readdirSync(backups)[0] ?? '')]);
        const restoredServer = await startServerProcess(env);
        const restored = await taskIdsOn(restoredServer.url, cookie);
        await restoredServer.stop();

        const missing = ackedBefore.filter((id) => !restored.has(id));
        const tooNew = sentAfter.filter((id) => restored.has(id));
        if (missing.length > 0)
          problems.push(
            `round ${round}: ${missing.length} writes acknowledged before the backup are missing`,
          );
        if (tooNew.length > 0)
          problems.push(
            `round ${round}: ${tooNew.length} writes first sent after the backup ended were restored`,
          );
        figures.push(
          [
            `round ${round}: backup took`,
            `${Math.round(backupEnded - backupStarted)} ms (database held still ${stdout.match(/held still for (\d+) ms/)?.[1] ?? '?'} ms)`,
          ],
          [
            `round ${round}: acknowledged before it / missing (restored: all rounds' tasks)`,
            `${ackedBefore.length} / ${missing.length} (${restored.size})`,
          ],
          [
            `round ${round}: acknowledged during it, restored`,
            `${during.filter((outcome) => restored.has(outcome.id as number)).length} of ${during.length}`,
          ],
          [`round ${round}: sent after it, restored`, `${tooNew.length} of ${sentAfter.length}`],
        );
        rmSync(backups, { recursive: true, force: true });
        for (const name of readdirSync(root))
          if (name.startsWith('data.before-restore'))
            rmSync(path.join(root, name), { recursive: true, force: true });
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    return resultOf('backup-under-load', figures, problems);
  },
};
