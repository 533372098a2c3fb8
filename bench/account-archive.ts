/**
 * Your data: import and export for a member with 10,000 tasks and 200 MB of media, on a server
 * process of its own (the embedded database). The archive is built here in the format the server writes
 * (#shared/account-archive.ts): 10,000 tasks and 20 gallery items of 10 MB each (PNG-signed bytes, so the import's
 * type check passes). Measured: the preview, the import itself, and the export streamed back (read to the end,
 * kept nowhere), each with its wall time and the server's peak resident memory over its baseline (sampled from
 * /proc every 20 ms). Prints figures, asserts nothing. Runs the bundled server: `npm run build` first.
 */
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  type ArchiveKind,
  archiveDocuments,
  archiveKinds,
  EMPTY_ARCHIVE_PROFILE,
} from '../src/shared/account-archive.ts';
import { startServerProcess } from '../tests/setup/server-process.ts';
import { residentBytes } from './resident-memory.ts';

const TASKS = 10_000;
const MEDIA_FILES = 20;
const MEDIA_FILE_BYTES = 10 * 1024 * 1024;
const MIB = 1024 * 1024;
const EXPORTED_AT = '2026-11-27T10:00:00.000Z';

/** Runs `work` while sampling the process's memory: its wall time and the peak over the baseline before it. */
async function measured<T>(pid: number, work: () => Promise<T>) {
  const baseline = residentBytes(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, baseline, peak: Math.max(peak, residentBytes(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

/** A PNG signature, then bytes that do not compress: a picture as far as the type check can tell. */
function pictureBytes(seed: number): Buffer {
  const bytes = Buffer.alloc(MEDIA_FILE_BYTES);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(
    bytes,
  );
  let state = seed * 2654435761;
  for (let index = 16; index < bytes.length; index += 4) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes.writeUInt32LE(state, index - (index % 4));
  }
  return bytes;
}

async function writeArchive(file: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const tasks = Array.from({ length: TASKS }, (_, index) => ({
    id: index + 1,
    title: `Bench task ${index + 1}`,
    status: (['todo', 'doing', 'done'] as const)[index % 3],
    labels: index % 5 === 0 ? ['bench'] : [],
    due_date: null,
    position: index,
    created_at: EXPORTED_AT,
    updated_at: EXPORTED_AT,
    completed_at: index % 3 === 2 ? EXPORTED_AT : null,
  }));
  const media = Array.from({ length: MEDIA_FILES }, (_, index) => ({
    id: index + 1,
    media_type: 'image',
    content_type: 'image/png',
    size_bytes: MEDIA_FILE_BYTES,
    source_url: `https://bench.example/${index + 1}.png`,
    prompt: 'a bench picture',
    title: `Picture ${index + 1}`,
    model_id: '',
    is_favorite: false,
    created_at: EXPORTED_AT,
    file: `media/${index + 1}.png`,
  }));
  zip.addBuffer(
    json({ format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, exported_at: EXPORTED_AT, counts: {} }),
    'manifest.json',
  );
  zip.addBuffer(json(EMPTY_ARCHIVE_PROFILE), archiveDocuments.profile.file);
  const documents: Partial<Record<ArchiveKind, unknown>> = { tasks, media };
  for (const kind of archiveKinds) {
    if (kind !== 'profile') zip.addBuffer(json(documents[kind] ?? []), archiveDocuments[kind].file);
  }
  for (let index = 0; index < MEDIA_FILES; index += 1) {
    zip.addBuffer(pictureBytes(index + 1), `media/${index + 1}.png`, { compress: false });
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
}

export async function measureAccountArchive(
  signIn: (baseUrl: string) => Promise<string>,
  dataDir: string,
): Promise<string[]> {
  const archive = path.join(dataDir, 'bench-archive.zip');
  await writeArchive(archive);
  const archiveBytes = statSync(archive).size;
  // The bundled server, as `npm start` runs it: run from its sources, the server alone takes ~900 MiB.
  const lumara = await startServerProcess({ DATA_DIR: path.join(dataDir, 'server') }, { entry: 'bundle' });
  const pid = lumara.child.pid ?? 0;
  try {
    const idle = residentBytes(pid);
    const cookie = await signIn(lumara.url);
    const send = async (mode: 'preview' | 'apply') => {
      const response = await fetch(`${lumara.url}/api/account/import?mode=${mode}`, {
        method: 'POST',
        headers: {
          cookie,
          origin: lumara.url,
          'content-type': 'application/zip',
          'content-length': String(archiveBytes),
        },
        body: Readable.toWeb(createReadStream(archive)) as ReadableStream<Uint8Array>,
        duplex: 'half',
      } as RequestInit);
      if (!response.ok) throw new Error(`import ${mode}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const preview = await measured(pid, () => send('preview'));
    const applied = await measured(pid, () => send('apply'));
    const exported = await measured(pid, async () => {
      const response = await fetch(`${lumara.url}/api/account/export`, { headers: { cookie } });
      if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
      let bytes = 0;
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length;
      return bytes;
    });
    const second = await measured(pid, () => send('apply'));

    const line = (label: string, figures: { ms: number; baseline: number; peak: number }) =>
      `| ${label.padEnd(44)} | ${(figures.ms / 1000).toFixed(2).padStart(7)} | ${(figures.baseline / MIB).toFixed(0).padStart(14)} | ${(figures.peak / MIB).toFixed(0).padStart(12)} | ${((figures.peak - figures.baseline) / MIB).toFixed(0).padStart(14)} |`;
    return [
      `Your data: a member with ${TASKS.toLocaleString('en')} tasks and ${MEDIA_FILES} × ${MEDIA_FILE_BYTES / MIB} MB of media (archive ${(archiveBytes / MIB).toFixed(0)} MB), embedded database`,
      `server RSS after start ${(idle / MIB).toFixed(0)} MiB (the bundled server, as npm start runs it)`,
      '| step                                         |  time s | RSS before MiB | peak RSS MiB | peak above MiB |',
      '|----------------------------------------------|---------|----------------|--------------|----------------|',
      line('import, preview (upload, checks, plan)', preview),
      line('import, apply (files into the store, rows)', applied),
      line(`export (streamed, ${(exported.result / MIB).toFixed(0)} MB read to the end)`, exported),
      line('import again (everything a duplicate)', second),
    ];
  } finally {
    await lumara.stop();
  }
}
