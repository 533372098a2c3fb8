/**
 * Hostile imports: four members each send an archive built to cost the server the most it will spend on one
 * (small on the wire, large unpacked), all at once, while a probe asks `/healthz` every 10 ms. Printed: the probe's
 * latency (p50, p99, max) during the imports beside its latency before them, how each import was answered, and
 * the server's peak resident memory over its baseline (sampled from /proc every 20 ms). Three shapes: an 8 MB
 * `profile.json` (one long list of tags), an 8 MB `tasks.json` (as large as a list may be) and a 64 MB one (as
 * large as a document could be before the limits), each deflated to a few KB. Prints figures, asserts nothing. Runs the
 * bundled server: `npm run build` first.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { archiveDocuments, EMPTY_ARCHIVE_PROFILE } from '../src/shared/account-archive.ts';
import { archiveWith, zipOf } from '../tests/factories/archives.ts';
import { startServerProcess } from '../tests/setup/server-process.ts';
import { percentile } from './percentile.ts';
import { residentBytes } from './resident-memory.ts';

const MIB = 1024 * 1024;
const IMPORTS = 4;
const EXPORTED_AT = '2026-11-27T10:00:00.000Z';

/** A JSON array of `item` repeated until it is about `bytes` long. */
function repeatedArray(item: string, bytes: number): Buffer {
  const count = Math.floor(bytes / (item.length + 1));
  return Buffer.from(`[${new Array(count).fill(item).join(',')}]`);
}

const hostileShapes: { name: string; archive: () => Promise<Buffer> }[] = [
  {
    name: '8 MB profile.json',
    archive: () => {
      const tags = repeatedArray('"tag"', 8 * MIB).toString();
      const profile = JSON.stringify(EMPTY_ARCHIVE_PROFILE).replace('"tags":[]', `"tags":${tags}`);
      return zipOf(archiveWith({ [archiveDocuments.profile.file]: profile }), [
        archiveDocuments.profile.file,
      ]);
    },
  },
  ...[8, 64].map((megabytes) => ({
    name: `${megabytes} MB tasks.json`,
    archive: () => {
      const task = JSON.stringify({
        id: 1,
        title: 'Hostile',
        status: 'todo',
        labels: [],
        due_date: null,
        position: 0,
        created_at: EXPORTED_AT,
        updated_at: EXPORTED_AT,
        completed_at: null,
      });
      return zipOf(
        archiveWith({ [archiveDocuments.tasks.file]: repeatedArray(task, megabytes * MIB - 1024) }),
        [archiveDocuments.tasks.file],
      );
    },
  })),
];

/** `/healthz` latencies, one request every 10 ms, until `until` settles. */
async function probeHealth(baseUrl: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    await (await fetch(`${baseUrl}/healthz`)).arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latencies;
}

const ms = (value: number) => value.toFixed(1).padStart(7);

export async function measureHostileImports(
  signIn: (baseUrl: string, identity: { name: string; email: string }) => Promise<string>,
  dataDir: string,
): Promise<string[]> {
  const lines = [
    `Hostile imports: ${IMPORTS} at once, each a few KB on the wire; /healthz asked every 10 ms meanwhile`,
    '| archive            | uploaded KB | answers        | healthz p50 ms | p99 ms | max ms | peak RSS above MiB |',
    '|--------------------|-------------|----------------|----------------|--------|--------|--------------------|',
  ];
  for (const [index, shape] of hostileShapes.entries()) {
    const archive = await shape.archive();
    const lumara = await startServerProcess(
      { DATA_DIR: path.join(dataDir, `hostile-${index}`) },
      { entry: 'bundle' },
    );
    const pid = lumara.child.pid ?? 0;
    try {
      const cookies = await Promise.all(
        Array.from({ length: IMPORTS }, (_, member) =>
          signIn(lumara.url, { name: `Hostile ${member}`, email: `hostile-${member}@example.test` }),
        ),
      );
      await probeHealth(lumara.url, new Promise((resolve) => setTimeout(resolve, 500)));
      const baseline = residentBytes(pid);
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, residentBytes(pid));
      }, 20);
      const imports = Promise.all(
        cookies.map(async (cookie) => {
          const response = await fetch(`${lumara.url}/api/account/import?mode=preview`, {
            method: 'POST',
            headers: { cookie, origin: lumara.url, 'content-type': 'application/zip' },
            body: new Uint8Array(archive),
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      const latencies = await probeHealth(lumara.url, imports);
      clearInterval(sampler);
      const statuses = await imports;
      const answers = [...new Set(statuses)].map(
        (status) => `${statuses.filter((s) => s === status).length}×${status}`,
      );
      lines.push(
        `| ${shape.name.padEnd(18)} | ${(archive.length / 1024).toFixed(1).padStart(11)} | ${answers.join(' ').padEnd(14)} | ${ms(percentile(latencies, 50)).padStart(14)} | ${ms(percentile(latencies, 99)).padStart(6)} | ${ms(Math.max(...latencies)).padStart(6)} | ${((peak - baseline) / MIB).toFixed(0).padStart(18)} |`,
      );
    } finally {
      await lumara.stop();
    }
  }
  return lines;
}
