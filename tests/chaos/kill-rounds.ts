import { rmSync } from 'node:fs';
import { signInOverHttp } from '#tests/setup/http-sign-in.ts';
import { startServerProcess } from '#tests/setup/server-process.ts';
import { type ChaosPart, median, resultOf, sleep, tempDir } from './chaos-kit.ts';
import { startPrivatePostgres } from './private-postgres.ts';
import { startTaskWriters, taskIdsOn } from './task-writers.ts';

type Rounds = { kills: number; acknowledged: number; lost: number; restartsMs: number[]; problems: string[] };

/**
 * SIGKILL mid-write: members write tasks as fast as they can, the server is killed at a random moment,
 * started again on the same data, and every task it had answered 201 must be there. On the embedded database
 * (kills 30, 3 in CI) and on PostgreSQL (20, 2 in CI; a private cluster, skipped where the machine has no
 * PostgreSQL binaries).
 */
export const killRounds: ChaosPart = {
  name: 'kill-rounds',
  async run(profile) {
    const dataDir = tempDir('kill');
    const embedded = await killAndRestart({ DATA_DIR: dataDir }, profile.short ? 3 : 30);
    rmSync(dataDir, { recursive: true, force: true });

    const figures: [string, string | number][] = [
      ['embedded: kills', embedded.kills],
      ['embedded: acknowledged writes', embedded.acknowledged],
      ['embedded: acknowledged writes lost', embedded.lost],
      ['embedded: restart to ready, median / max', restartFigure(embedded.restartsMs)],
    ];
    const problems = [...embedded.problems];
    const postgres = await startPrivatePostgres();
    if (!postgres) {
      figures.push(['postgres', 'skipped: no PostgreSQL binaries on this machine']);
    } else {
      try {
        postgres.createDatabase('lumara_kill');
        const mediaDir = tempDir('kill-media');
        const rounds = await killAndRestart(
          { DATABASE_URL: postgres.urlFor('lumara_kill'), MEDIA_DIR: mediaDir },
          profile.short ? 2 : 20,
        );
        rmSync(mediaDir, { recursive: true, force: true });
        figures.push(
          ['postgres: kills', rounds.kills],
          ['postgres: acknowledged writes', rounds.acknowledged],
          ['postgres: acknowledged writes lost', rounds.lost],
          ['postgres: restart to ready, median / max', restartFigure(rounds.restartsMs)],
        );
        problems.push(...rounds.problems);
      } finally {
        postgres.stop();
      }
    }
    return resultOf('kill-rounds', figures, problems);
  },
};

async function killAndRestart(env: Record<string, string>, kills: number): Promise<Rounds> {
  const rounds: Rounds = { kills: 0, acknowledged: 0, lost: 0, restartsMs: [], problems: [] };
  let server = await startServerProcess(env);
  const cookie = await signInOverHttp(server.url, { name: 'Kill Member', email: 'kill@example.test' });
  const acknowledged = new Map<number, string>();
  try {
    for (let round = 0; round < kills; round++) {
      const writers = startTaskWriters(server.url, cookie, 4, `round ${round}`);
      await sleep(300 + Math.random() * 1_200);
      server.child.kill('SIGKILL');
      await writers.stop();
      await server.stop();
      rounds.kills += 1;
      for (const [id, title] of writers.acknowledged) acknowledged.set(id, title);

      const restarted = performance.now();
      server = await startServerProcess(env);
      await waitReady(server.url);
      rounds.restartsMs.push(performance.now() - restarted);
      const present = await taskIdsOn(server.url, cookie);
      const lost = [...acknowledged.keys()].filter((id) => !present.has(id));
      if (lost.length > 0) {
        rounds.problems.push(
          `round ${round}: ${lost.length} acknowledged tasks lost (ids ${lost.slice(0, 5)})`,
        );
        for (const id of lost) acknowledged.delete(id);
        rounds.lost += lost.length;
      }
    }
  } finally {
    await server.stop();
  }
  rounds.acknowledged = acknowledged.size + rounds.lost;
  return rounds;
}

async function waitReady(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if ((await fetch(`${url}/readyz`).catch(() => null))?.ok) return;
    await sleep(25);
  }
  throw new Error('the restarted server never became ready');
}

function restartFigure(values: number[]): string {
  return `${(median(values) / 1000).toFixed(2)} s / ${(Math.max(0, ...values) / 1000).toFixed(2)} s`;
}
