import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, EMPTY_ARCHIVE_PROFILE } from '#shared/account-archive.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

/**
 * Archives built by hand for the import's tests: well-formed ones with a few items, and the bytes of hostile ones
 * (zip bombs, paths out of the archive, names twice), sent as the browser sends them.
 */

export async function importInto(
  t: TestApp,
  cookie: string,
  body: Uint8Array | string,
  mode: 'preview' | 'apply',
) {
  return t.app.request(new URL(`/api/account/import?mode=${mode}`, t.appUrl).toString(), {
    method: 'POST',
    headers: { cookie, origin: t.appUrl.origin, 'content-type': 'application/zip' },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
}

/** Every file under `dir`, as paths relative to it, sorted. */
export function filesUnder(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = path.join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else found.push(path.relative(dir, full));
    }
  };
  walk(dir);
  return found.sort();
}

export type Entries = Record<string, string | Uint8Array>;

/** A zip of `entries`, stored (not compressed) unless `deflate` names the entries to compress. */
export function zipOf(entries: Entries, deflate: string[] = []): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, {
      compress: deflate.includes(name),
    });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Every occurrence of `from` in the zip's bytes (local header and central directory) becomes `to`. */
export function patched(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('a patch must keep the length of what it replaces');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = out.indexOf(needle); at !== -1; at = out.indexOf(needle, at + 1)) out.write(to, at);
  return out;
}

export const now = '2026-11-27T10:00:00.000Z';
export const manifest = JSON.stringify({
  format: ARCHIVE_FORMAT,
  version: ARCHIVE_VERSION,
  exported_at: now,
  counts: {},
});
export const profile = JSON.stringify(EMPTY_ARCHIVE_PROFILE);
export const task = (overrides: object = {}) => ({
  id: 1,
  title: 'Plan',
  status: 'todo',
  labels: [],
  due_date: null,
  position: 0,
  created_at: now,
  updated_at: now,
  completed_at: null,
  ...overrides,
});
export const post = {
  id: 7,
  title: 'Mine',
  body: '',
  lang: 'auto',
  images: [],
  ai_meta: null,
  created_at: now,
  updated_at: now,
};
export const mediaItem = (file: string | null) => ({
  id: 3,
  media_type: 'image',
  content_type: 'image/png',
  size_bytes: 20,
  source_url: 'https://example.test/a.png',
  prompt: '',
  title: '',
  model_id: '',
  is_favorite: false,
  created_at: now,
  file,
});

/** A well-formed, empty archive, with `documents` in place of (or beside) its own. */
export function archiveWith(documents: Entries = {}): Entries {
  return {
    'manifest.json': manifest,
    'profile.json': profile,
    'tasks.json': '[]',
    'pomodoro-sessions.json': '[]',
    'badges.json': '[]',
    'chat-threads.json': '[]',
    'quick-actions.json': '[]',
    'media.json': '[]',
    'music-tracks.json': '[]',
    'widgets.json': '[]',
    'community-posts.json': '[]',
    'community-comments.json': '[]',
    'community-likes.json': '[]',
    ...documents,
  };
}

export const without = (entries: Entries, name: string): Entries =>
  Object.fromEntries(Object.entries(entries).filter(([key]) => key !== name));

async function entriesOf(zip: Buffer): Promise<Map<string, number>> {
  const opened = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, number>();
  for await (const entry of opened.eachEntry()) entries.set(entry.fileName, entry.uncompressedSize);
  opened.close();
  return entries;
}

/** The names of a zip's entries, in its order. */
export async function entryNamesOf(zip: Buffer): Promise<string[]> {
  return [...(await entriesOf(zip)).keys()];
}

/** The unpacked size of one entry of a zip. */
export async function entrySizeOf(zip: Buffer, name: string): Promise<number | undefined> {
  return (await entriesOf(zip)).get(name);
}
