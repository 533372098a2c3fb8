import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, type tasks } from '#server/db/schema.ts';
import { createFileMediaStore } from '#server/lib/infra/media-store.ts';
import { apiErrorBodySchema } from '#shared/errors.ts';
import { type FileHost, startFileHost } from '#tests/factories/media-test-files.ts';
import { signInMember } from '#tests/factories/members.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * A full disk: writes answer 507 JSON, nothing is half-written (no row without its file, no file
 * without its row), reads keep working, and writes work again once there is room. The database's disk filling
 * is PostgreSQL's own error (SQLSTATE 53100), raised here by a trigger; the media store's is ENOSPC. The chaos
 * suite fills a real small file system under both (npm run chaos).
 */
let host: FileHost;
let t: TestApp;
let storeFull = false;
const enospc = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });

beforeAll(async () => {
  host = await startFileHost({ host: '127.0.0.2' });
  t = await buildTestApp({
    media: { outbound: { extraAllowed: ['127.0.0.2'], extraPorts: [host.port] } },
    mediaStore: (dir) => {
      const store = createFileMediaStore(dir);
      return {
        ...store,
        put: async (key, bytes) => {
          if (storeFull) throw enospc();
          await store.put(key, bytes);
        },
      };
    },
  });
  await t.database.pool.query(`
    CREATE FUNCTION lumara_test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'could not extend file "base/5/16384": No space left on device' USING ERRCODE = '53100';
    END $$`);
});
afterAll(async () => {
  await t.close();
  await host.close();
});

async function setDatabaseFull(table: 'tasks' | 'media', full: boolean) {
  await t.database.pool.query(
    full
      ? `CREATE TRIGGER disk_full BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION lumara_test_disk_full()`
      : `DROP TRIGGER disk_full ON ${table}`,
  );
}

async function expectStorageFull(response: Response) {
  expect(response.status).toBe(507);
  const { error } = apiErrorBodySchema.parse(await response.json());
  expect(error).toEqual({
    code: 'storage_full',
    message: 'The server has run out of storage space, so nothing was saved. Try again later.',
  });
}

const count = async (table: typeof tasks | typeof media) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

async function filesOf(userId: number): Promise<string[]> {
  try {
    return await readdir(path.join(t.media.dir, 'media', String(userId)));
  } catch {
    return [];
  }
}

describe('a full disk', () => {
  it('under the database: writes answer 507, reads go on, and writes work again once there is room', async () => {
    const { cookie } = await signInMember(t);
    expect(
      (await t.request('/api/tasks', { method: 'POST', cookie, body: { title: 'Before' } })).status,
    ).toBe(201);

    await setDatabaseFull('tasks', true);
    try {
      await expectStorageFull(
        await t.request('/api/tasks', { method: 'POST', cookie, body: { title: 'While full' } }),
      );
      const list = await t.request('/api/tasks', { cookie });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { title: string }[]).map((task) => task.title)).toEqual(['Before']);
      expect((await t.request('/readyz')).status).toBe(200);
    } finally {
      await setDatabaseFull('tasks', false);
    }
    expect((await t.request('/api/tasks', { method: 'POST', cookie, body: { title: 'After' } })).status).toBe(
      201,
    );
  });

  it('under the media store: a save answers 507 and leaves neither a row nor a file', async () => {
    const { cookie, user } = await signInMember(t);
    const rowsBefore = await count(media);
    storeFull = true;
    try {
      const response = await t.request('/api/media', {
        method: 'POST',
        cookie,
        body: { media_type: 'image', media_url: host.url('/file/png?type=image/png&tag=full') },
      });
      await expectStorageFull(response);
      expect(await count(media)).toBe(rowsBefore);
      expect(await filesOf(user.id)).toEqual([]);
      expect((await t.request('/api/media', { cookie })).status).toBe(200);
    } finally {
      storeFull = false;
    }
  });

  it('under the database while saving media: the file already written is removed with the refused row', async () => {
    const { cookie, user } = await signInMember(t);
    await setDatabaseFull('media', true);
    try {
      const response = await t.request('/api/media', {
        method: 'POST',
        cookie,
        body: { media_type: 'image', media_url: host.url('/file/png?type=image/png&tag=row-refused') },
      });
      await expectStorageFull(response);
      expect(await filesOf(user.id)).toEqual([]);
    } finally {
      await setDatabaseFull('media', false);
    }
    const saved = await t.request('/api/media', {
      method: 'POST',
      cookie,
      body: { media_type: 'image', media_url: host.url('/file/png?type=image/png&tag=row-refused') },
    });
    expect(saved.status).toBe(201);
    expect(await filesOf(user.id)).toHaveLength(1);
  });
});
