import { rmSync } from 'node:fs';
import { signInOverHttp } from '#tests/setup/http-sign-in.ts';
import { startServerProcess } from '#tests/setup/server-process.ts';
import { type ChaosPart, percentile, resultOf, skipped, sleep, tempDir } from './chaos-kit.ts';
import { startPrivatePostgres } from './private-postgres.ts';
import { classifyAnswer, startTaskWriters, type WriteOutcome } from './task-writers.ts';

/** After the database is back, requests sent this long later must all succeed. */
const RECOVERY_MS = 5_000;

/**
 * PostgreSQL restarted under load: 4 clients write and read tasks while `pg_ctl restart -m fast`
 * terminates every connection, 10 times (2 in CI). The server must live through each one, answer 503 JSON while
 * the database is away (never a 500, a reset, or a body that is not JSON), and serve every request sent from 5 s
 * after the database is back.
 */
export const postgresRestart: ChaosPart = {
  name: 'postgres-restart',
  async run(profile) {
    const postgres = await startPrivatePostgres();
    if (!postgres) return skipped('postgres-restart', 'no PostgreSQL binaries on this machine');
    const restarts = profile.short ? 2 : 10;
    const mediaDir = tempDir('pg-restart');
    postgres.createDatabase('lumara_restart');
    const server = await startServerProcess({
      DATABASE_URL: postgres.urlFor('lumara_restart'),
      MEDIA_DIR: mediaDir,
    });
    const problems: string[] = [];
    const windows: { down: number; back: number }[] = [];
    const readers: WriteOutcome[] = [];
    let alive = 0;
    try {
      const cookie = await signInOverHttp(server.url, {
        name: 'Restart Member',
        email: 'restart@example.test',
      });
      const writers = startTaskWriters(server.url, cookie, 2, 'restart');
      let reading = true;
      const read = async () => {
        while (reading) {
          const sentAt = performance.now();
          try {
            const response = await fetch(`${server.url}/api/tasks?limit=50`, { headers: { cookie } });
            const answer = classifyAnswer(response.status, await response.text());
            readers.push({ sentAt, answeredAt: performance.now(), status: response.status, ...answer });
          } catch (error) {
            const cause = (error as { cause?: { code?: string } }).cause;
            readers.push({
              sentAt,
              answeredAt: performance.now(),
              status: null,
              code: cause?.code ?? 'fetch',
              jsonError: false,
            });
            await sleep(20);
          }
        }
      };
      const reading2 = [read(), read()];
      for (let restart = 0; restart < restarts; restart++) {
        await sleep(1_000);
        const down = performance.now();
        await postgres.restart();
        windows.push({ down, back: performance.now() });
        if (server.child.exitCode !== null) {
          problems.push(`the server died at restart ${restart + 1}`);
          break;
        }
        alive += 1;
        await sleep(RECOVERY_MS + 1_500);
      }
      reading = false;
      await writers.stop();
      await Promise.all(reading2);
      readers.push(...writers.outcomes);
    } finally {
      await server.stop();
      postgres.stop();
      rmSync(mediaDir, { recursive: true, force: true });
    }

    const during = readers.filter((o) =>
      windows.some((w) => o.answeredAt >= w.down && o.sentAt <= w.back + RECOVERY_MS),
    );
    const after = readers.filter((o) =>
      windows.some((w) => o.sentAt >= w.back + RECOVERY_MS && o.sentAt < w.back + RECOVERY_MS + 1_500),
    );
    const refusedAsUnavailable = during.filter((o) => o.status === 503 && o.jsonError).length;
    const otherFailures = during.filter(
      (o) => o.status === null || (o.status >= 300 && !(o.status === 503 && o.jsonError)),
    );
    const recoveries = windows.map((w) => {
      const firstOk = readers.find((o) => o.sentAt >= w.back && o.status !== null && o.status < 300);
      return firstOk ? firstOk.answeredAt - w.back : Number.POSITIVE_INFINITY;
    });
    const afterOk = after.filter((o) => o.status !== null && o.status < 300).length;
    if (otherFailures.length > 0)
      problems.push(
        `${otherFailures.length} answers during outages were neither 2xx nor 503 JSON: ${otherFailures
          .slice(0, 5)
          .map((o) => `${o.status ?? 'no answer'} ${o.code}`)
          .join(', ')}`,
      );
    if (after.length === 0 || afterOk < after.length)
      problems.push(
        `${after.length - afterOk} of ${after.length} requests failed 5 s after the database came back: ${after
          .filter((o) => o.status === null || o.status >= 300)
          .slice(0, 5)
          .map((o) => `${o.status ?? 'no answer'} ${o.code}`)
          .join(', ')}`,
      );
    if (alive < restarts) problems.push(`the server lived through ${alive} of ${restarts} restarts`);
    return resultOf(
      'postgres-restart',
      [
        ['restarts (pg_ctl restart -m fast)', restarts],
        ['server alive after each', `${alive} of ${restarts}`],
        ['requests', readers.length],
        ['during outages: 503 JSON', refusedAsUnavailable],
        ['during outages: anything else failing', otherFailures.length],
        ['first success after the database is back, max', `${Math.round(Math.max(0, ...recoveries))} ms`],
        ['first success after the database is back, p50', `${Math.round(percentile(recoveries, 50))} ms`],
        ['requests from 5 s after: succeeded', `${afterOk} of ${after.length}`],
      ],
      problems,
    );
  },
};
