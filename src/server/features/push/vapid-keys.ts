import { eq } from 'drizzle-orm';
import type { PushConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { vapidKeys } from '#server/db/schema.ts';
import { generateVapidKeys, type VapidIdentity } from '#server/providers/web-push-client.ts';

/** The one row of `vapid_keys`. */
const KEY_ROW_ID = 1;

/**
 * The VAPID identity every server signs with: the configured pair, else the pair kept in the database. The first
 * server that needs one makes a pair and inserts it as row 1; `on conflict do nothing` and reading the row back
 * mean two servers starting at once both end up with the one that was inserted first. Read once per process (a
 * pair never changes while servers run), again after a failed read.
 */
export function createVapidKeys(db: Db, config: PushConfig): () => Promise<VapidIdentity> {
  let loading: Promise<VapidIdentity> | undefined;
  return () => {
    loading ??= loadOrCreate(db, config).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

async function loadOrCreate(db: Db, config: PushConfig): Promise<VapidIdentity> {
  if (config.keys) return { ...config.keys, subject: config.subject };
  const made = generateVapidKeys();
  await db
    .insert(vapidKeys)
    .values({ id: KEY_ROW_ID, publicKey: made.publicKey, privateKey: made.privateKey })
    .onConflictDoNothing({ target: vapidKeys.id });
  const [kept] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, KEY_ROW_ID));
  if (!kept) throw new Error('the VAPID key pair was neither inserted nor found');
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject: config.subject };
}
