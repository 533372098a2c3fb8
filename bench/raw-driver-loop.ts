/**
 * The database ceiling with no HTTP at all: the driver alone. The same look-ups as the raw driver server
 * (bench/raw-driver-lookups.ts), issued by `connections` concurrent workers, each starting its next as soon as
 * its last completed, for a fixed time; the rate is the completions per second. Lumara's rate is reported as a
 * fraction of this one too: what is left between the two is HTTP and Lumara's own work.
 * Prints `{"ready":true}` once the database is open; then reads one job a line on stdin
 * (`{"path","cookie","ifNoneMatch","connections","seconds","warmupSeconds"}`) and answers each with a line of
 * figures (`Figures` of bench/load.ts). Ends when stdin closes.
 */
import { createInterface } from 'node:readline';
import { percentile } from './percentile.ts';
import { answerOf, database, type RawRequest } from './raw-driver-lookups.ts';

type Job = RawRequest & { connections: number; seconds: number; warmupSeconds: number };

async function run(job: Job, seconds: number) {
  const latencies: number[] = [];
  let completed = 0;
  let errors = 0;
  let notModified = 0;
  const ends = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < ends) {
      const started = performance.now();
      try {
        const { status } = await answerOf(job);
        if (status === 304) notModified++;
        else if (status !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
      completed++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: job.connections }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return {
    requestsPerSecond: Math.round(completed / elapsed),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
    notModified,
  };
}

console.log(JSON.stringify({ ready: true }));
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line) as Job;
  await run(job, job.warmupSeconds);
  console.log(JSON.stringify(await run(job, job.seconds)));
}
await database.close();
