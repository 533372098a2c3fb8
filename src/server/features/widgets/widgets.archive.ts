import { asc, eq } from 'drizzle-orm';
import { widgets } from '#server/db/schema.ts';
import {
  listArchiveAdapter,
  notAfter,
  refuseArchive,
  samenessKey,
} from '#server/lib/data/archive-adapter.ts';
import { AppError } from '#server/lib/http/errors.ts';
import type { ArchiveContents } from '#shared/account-archive.ts';
import { deriveWidgetTarget } from './widgets.service.ts';

type ArchiveWidget = ArchiveContents['widgets'][number];

/**
 * The member's dashboard widgets, in their order and sizes. On import what each one frames is decided again as
 * `POST /api/widgets` decides it (`deriveWidgetTarget`: the link goes through the embed rules, and the type and
 * link they derive are stored, never the archive's), and a link they refuse refuses the archive.
 */
export const widgetsArchive = listArchiveAdapter({
  kind: 'widgets',
  rows: (reader, memberId) =>
    reader
      .select()
      .from(widgets)
      .where(eq(widgets.userId, memberId))
      .orderBy(asc(widgets.orderIndex), asc(widgets.id)),
  describe: (row) => ({
    type: row.type as ArchiveWidget['type'],
    title: row.title,
    url: row.url,
    col_span: row.colSpan as ArchiveWidget['col_span'],
    row_span: row.rowSpan as ArchiveWidget['row_span'],
    order_index: row.orderIndex,
    created_at: row.createdAt.toISOString(),
  }),
  key: ({ created_at: _created, ...widget }) => samenessKey(widget),
  normalize(widget, index, { now, appOrigin }) {
    try {
      const target = deriveWidgetTarget({ type: widget.type, url: widget.url ?? '' }, appOrigin);
      return { ...widget, ...target, created_at: notAfter(now)(widget.created_at).toISOString() };
    } catch (error) {
      if (error instanceof AppError) throw refuseArchive(`widgets.json at ${index}`, error.message);
      throw error;
    }
  },
  insert: (tx, memberId, chunk) =>
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
});
