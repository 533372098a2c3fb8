/**
 * Loaded into a server started from its sources (`node --import bench/count-queries.ts`): counts every query sent
 * through `pg` (the pool's queries go through a client's), and at each SIGUSR2 prints
 * `{"queriesSoFar":N,"asked":K}` on standard output, K counting the signals (bench/browser-figures.ts reads it).
 */
import pg from 'pg';

let queries = 0;
let asked = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  queries += 1;
  return (query as (...args: unknown[]) => unknown).apply(this, args);
} as typeof query;

process.on('SIGUSR2', () => {
  asked += 1;
  process.stdout.write(`${JSON.stringify({ queriesSoFar: queries, asked })}\n`);
});
