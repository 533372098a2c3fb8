import { asc, eq } from 'drizzle-orm';
import { widgets } from '#server/db/schema.ts';
import {
  type ArchiveAdapter,
  insertInChunks,
  notAfter,
  notYetHeld,
  refuseArchive,
  samenessKey,
} from '#server/lib/archive-adapter.ts';
import { AppError } from '#server/lib/errors.ts';
import type { ArchiveContents } from '#shared/account-archive.ts';
import { deriveWidgetTarget } from './widgets.service.ts';

type ArchiveWidget = ArchiveContents['widgets'][number];

const widgetKey = ({ created_at: _created, ...widget }: ArchiveWidget) => samenessKey(widget);

function describe(row: typeof widgets.$inferSelect): ArchiveWidget {
  return {
    type: row.type as ArchiveWidget['type'],
    title: row.title,
    url: row.url,
    col_span: row.colSpan as ArchiveWidget['col_span'],
    row_span: row.rowSpan as ArchiveWidget['row_span'],
    order_index: row.orderIndex,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The member's dashboard widgets, in their order and sizes. On import what each one frames is decided again as
 * `POST /api/widgets` decides it (`deriveWidgetTarget`: the link goes through the embed rules, and the type and
 * link they derive are stored, never the archive's), and a link they refuse refuses the archive.
 */
export const widgetsArchive: ArchiveAdapter = {
  kinds: ['widgets'],
  async collect(tx, memberId) {
    const rows = await tx
      .select()
      .from(widgets)
      .where(eq(widgets.userId, memberId))
      .orderBy(asc(widgets.orderIndex), asc(widgets.id));
    return { contents: { widgets: rows.map(describe) }, files: [] };
  },
  async plan(reader, { memberId, contents, now, appOrigin }) {
    const at = notAfter(now);
    const archived = contents.widgets.map((widget, index) => {
      try {
        const target = deriveWidgetTarget({ type: widget.type, url: widget.url ?? '' }, appOrigin);
        return { ...widget, ...target, created_at: at(widget.created_at).toISOString() };
      } catch (error) {
        if (error instanceof AppError) throw refuseArchive(`widgets.json at ${index}: ${error.message}`);
        throw error;
      }
    });
    const held = await reader.select().from(widgets).where(eq(widgets.userId, memberId));
    const fresh = notYetHeld(archived, held.map(describe).map(widgetKey), widgetKey);
    return {
      adds: { widgets: fresh.length },
      files: [],
      async write(tx) {
        await insertInChunks(fresh, (chunk) =>
          tx.insert(widgets).values(
            chunk.map((widget) => ({
              userId: memberId,
              type: widget.type,
              title: widget.title,
              url: widget.url,
              colSpan: widget.col_span,
              rowSpan: widget.row_span,
              orderIndex: widget.order_index,
              createdAt: new Date(widget.created_at),
            })),
          ),
        );
      },
    };
  },
};
