import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { users, widgets } from '#server/db/schema.ts';
import { embedRefusalText } from '#server/lib/http/embed-refusal.ts';
import { AppError, notFound } from '#server/lib/http/errors.ts';
import { say } from '#server/lib/http/request-language.ts';
import { toEmbed, type WidgetType } from '#shared/embeds.ts';
import type { Localized } from '#shared/texts.ts';
import type { CreateWidgetBody, UpdateWidgetRequest, Widget } from '#shared/widgets.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type WidgetRow = typeof widgets.$inferSelect;

/** As the API shows it. */
export function presentWidget(row: WidgetRow): Widget {
  return {
    id: row.id,
    // Every stored type was written by this service from `widgetTypes`.
    type: row.type as WidgetType,
    title: row.title,
    url: row.url,
    col_span: row.colSpan,
    row_span: row.rowSpan,
    order_index: row.orderIndex,
  };
}

/** A refusal of the pasted link, with the reason where the form shows it. */
const urlRefused = (reason: Localized) =>
  new AppError('validation_failed', reason, { fields: { url: reason } });

/**
 * What the widget will frame, decided here and never by the client: the pasted link or embed code goes through
 * `toEmbed`, and the type and URL it derives are stored (the client's `type` is ignored for URL widgets). The
 * pasted string itself is never stored.
 */
export function deriveWidgetTarget(
  input: Pick<CreateWidgetBody, 'type' | 'url'>,
  appOrigin: string,
): { type: WidgetType; url: string | null } {
  const url = input.url.trim();
  if (input.type === 'profile') {
    // The built-in profile card shows the member, not a page: it has no URL, and one sent with it is a mistake.
    if (url !== '') throw urlRefused(say('server.widgets.profileHasNoLink'));
    return { type: 'profile', url: null };
  }
  const embed = toEmbed(url, { appOrigin });
  if (embed.kind === 'invalid') throw urlRefused(embedRefusalText(embed.reason));
  // A Suno short link needs a server-side redirect lookup, which belongs to the music library.
  if (embed.kind === 'short-link') throw urlRefused(say('server.widgets.sunoShortLink'));
  return { type: embed.type, url: embed.url };
}

/** The member's widgets in grid order. */
export async function listWidgets(db: Db, userId: number): Promise<Widget[]> {
  const rows = await db
    .select()
    .from(widgets)
    .where(eq(widgets.userId, userId))
    .orderBy(asc(widgets.orderIndex), asc(widgets.id));
  return rows.map(presentWidget);
}

/** Serializes changes to one member's widget order, as tasks do for theirs (see tasks.service.ts). */
async function lockWidgetOrder(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Adds a widget at `order_index` of the member's grid (past the end means last) and renumbers the grid, so the
 * stored order is always 0, 1, 2… The URL is checked before anything is written.
 */
export async function createWidget(
  db: Db,
  userId: number,
  input: CreateWidgetBody,
  appOrigin: string,
  now: Date,
): Promise<Widget> {
  const target = deriveWidgetTarget(input, appOrigin);
  return db.transaction(async (tx) => {
    await lockWidgetOrder(tx, userId);
    const [row] = await tx
      .insert(widgets)
      .values({
        userId,
        type: target.type,
        title: input.title,
        url: target.url,
        colSpan: input.col_span,
        rowSpan: input.row_span,
        orderIndex: input.order_index,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('insert into widgets returned no row');
    row.orderIndex = await placeInGrid(tx, userId, row.id, input.order_index);
    return presentWidget(row);
  });
}

/** Moves a widget to `order_index` (renumbering the rest) and optionally resizes it. */
export async function updateWidget(
  db: Db,
  userId: number,
  id: number,
  update: UpdateWidgetRequest,
): Promise<Widget> {
  return db.transaction(async (tx) => {
    await lockWidgetOrder(tx, userId);
    const owned = and(eq(widgets.id, id), eq(widgets.userId, userId));
    const [current] = await tx.select().from(widgets).where(owned).for('update');
    if (!current) throw notFound('widget');
    let row = current;
    if (update.col_span !== undefined || update.row_span !== undefined) {
      const [resized] = await tx
        .update(widgets)
        .set({
          ...(update.col_span !== undefined ? { colSpan: update.col_span } : {}),
          ...(update.row_span !== undefined ? { rowSpan: update.row_span } : {}),
        })
        .where(owned)
        .returning();
      if (!resized) throw notFound('widget');
      row = resized;
    }
    row.orderIndex = await placeInGrid(tx, userId, id, update.order_index);
    return presentWidget(row);
  });
}

/**
 * Puts the widget at `index` of the member's grid and renumbers the grid 0, 1, 2… in one statement, as tasks'
 * `placeInColumn` does for a board column.
 */
async function placeInGrid(tx: Tx, userId: number, id: number, index: number): Promise<number> {
  const others = await tx
    .select({ id: widgets.id })
    .from(widgets)
    .where(and(eq(widgets.userId, userId), ne(widgets.id, id)))
    .orderBy(asc(widgets.orderIndex), asc(widgets.id));
  const ordered = others.map((other) => other.id);
  const at = Math.min(index, ordered.length);
  ordered.splice(at, 0, id);
  const positions = ordered.map((_, i) => i);
  await tx.execute(sql`
    UPDATE widgets SET order_index = data.order_index
    FROM unnest(${`{${ordered.join(',')}}`}::int[], ${`{${positions.join(',')}}`}::int[]) AS data(id, order_index)
    WHERE widgets.id = data.id AND widgets.user_id = ${userId}`);
  return at;
}

/** Deletes for good (widgets have no undo); another member's or an unknown id is a 404. */
export async function deleteWidget(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(widgets)
    .where(and(eq(widgets.id, id), eq(widgets.userId, userId)))
    .returning({ id: widgets.id });
  if (deleted.length === 0) throw notFound('widget');
}
