import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { profiles } from '#server/db/schema.ts';
import type { AllowedModels } from '#server/providers/allowed-models.ts';
import {
  type AiChoice,
  aiProviderIdSchema,
  DEFAULT_AI_MODEL,
  DEFAULT_AI_PROVIDER,
  modelIdSchema,
  type SetAiRequest,
} from '#shared/ai.ts';

/**
 * The member's saved AI choice, or the product's default (openrouter,
 * openrouter/auto) when they saved none. Every AI feature that calls a provider without being told
 * which one (chat, research synthesis, community helpers) asks here.
 */
export async function getAiChoice(db: Db, userId: number): Promise<AiChoice> {
  const [row] = await db
    .select({ aiProvider: profiles.aiProvider, aiModel: profiles.aiModel })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return aiChoiceOf(row);
}

/** The AI choice a profile row keeps, or the product's default (see getAiChoice). */
export function aiChoiceOf(row: Pick<ProfileRow, 'aiProvider' | 'aiModel'> | undefined): AiChoice {
  // A row written by an older version could name a provider or model we no longer accept: fall back whole,
  // never half (a saved model only makes sense with the provider it was saved with).
  const provider = aiProviderIdSchema.safeParse(row?.aiProvider);
  const model = modelIdSchema.safeParse(row?.aiModel);
  if (provider.success && model.success) return { provider: provider.data, model: model.data };
  return { provider: DEFAULT_AI_PROVIDER, model: DEFAULT_AI_MODEL };
}

/**
 * Saves the member's AI choice, making their profile row on the first save. The model must be one the server
 * offers with that provider, of any kind (the studio's default may be an image model): 400 otherwise.
 */
export async function setAiChoice(
  db: Db,
  models: AllowedModels,
  userId: number,
  choice: SetAiRequest,
  now: Date,
): Promise<SetAiRequest> {
  models.require(choice.aiProvider, choice.aiModel, { field: 'aiModel' });
  await db
    .insert(profiles)
    .values({ userId, aiProvider: choice.aiProvider, aiModel: choice.aiModel, updatedAt: now })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: { aiProvider: choice.aiProvider, aiModel: choice.aiModel, updatedAt: now },
    });
  return { aiProvider: choice.aiProvider, aiModel: choice.aiModel };
}

export type ProfileRow = typeof profiles.$inferSelect;

/** The member's profile row, or undefined before their first save. */
export async function findProfile(db: Db, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

/** Writes some profile columns, making the row on the first save. */
export async function saveProfileColumns(
  db: Db,
  userId: number,
  columns: Partial<Omit<ProfileRow, 'userId' | 'updatedAt'>>,
  now: Date,
): Promise<ProfileRow> {
  const [row] = await db
    .insert(profiles)
    .values({ userId, ...columns, updatedAt: now })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...columns, updatedAt: now } })
    .returning();
  if (!row) throw new Error('the profile upsert returned no row');
  return row;
}

/** `POST /api/profile/set-status {status}`: already trimmed and non-empty. */
export async function setStatus(
  db: Db,
  userId: number,
  status: string,
  now: Date,
): Promise<{ status: string }> {
  await saveProfileColumns(db, userId, { status }, now);
  return { status };
}
