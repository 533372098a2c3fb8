import { z } from 'zod';
import { EMBED_LIMITS, widgetTypeSchema } from './embeds.ts';
import { reason } from './texts.ts';

/**
 * Dashboard widgets: their sizes and the shapes the widget routes
 * read and answer. The URL rules themselves live in `embeds.ts` (`toEmbed`); nothing here looks inside a URL.
 */

/** The add form's width and height choices, in grid columns and rows of a 12-column grid. */
export const widgetSizes = {
  widths: [
    { label: 'Small', span: 3 },
    { label: 'Medium', span: 6 },
    { label: 'Large', span: 9 },
    { label: 'Full', span: 12 },
  ],
  heights: [
    { label: 'Short', span: 3 },
    { label: 'Medium', span: 6 },
    { label: 'Tall', span: 9 },
  ],
  /** A new widget is 6 x 6. */
  defaultColSpan: 6,
  defaultRowSpan: 6,
  minColSpan: 3,
  maxColSpan: 12,
} as const;

// One literal per value: the OpenAPI generator shows only the first value of a many-valued `z.literal`.
export const widgetColSpanSchema = z.union([z.literal(3), z.literal(6), z.literal(9), z.literal(12)]);
export const widgetRowSpanSchema = z.union([z.literal(3), z.literal(6), z.literal(9)]);

/**
 * The width a widget is drawn at, whatever is stored. Rounded,
 * since a grid span is whole; a non-number falls back to the default.
 */
export function clampWidgetWidth(span: number): number {
  if (!Number.isFinite(span)) return widgetSizes.defaultColSpan;
  return Math.min(widgetSizes.maxColSpan, Math.max(widgetSizes.minColSpan, Math.round(span)));
}

export const WIDGET_LIMITS = { titleMax: 100 } as const;

/**
 * `POST /api/widgets`. `url` is what the member typed or pasted (a link or embed code); the server
 * runs it through `toEmbed` and stores the result, so the stored type and URL are ours, never the client's.
 */
export const createWidgetRequestSchema = z
  .object({
    type: widgetTypeSchema,
    title: z.string().trim().min(1, reason('shared.tasks.typeTitle')).max(WIDGET_LIMITS.titleMax),
    url: z
      .string()
      .trim()
      .min(1, reason('shared.widgets.pasteLinkOrCode'))
      .max(EMBED_LIMITS.inputMax, reason('shared.limits.atMostCharacters', { max: EMBED_LIMITS.inputMax })),
    col_span: widgetColSpanSchema,
    row_span: widgetRowSpanSchema,
    order_index: z.number().int().min(0).max(2_147_483_647),
  })
  .strict();
export type CreateWidgetRequest = z.infer<typeof createWidgetRequestSchema>;

/**
 * A dashboard widget. Spans are read as any whole number and drawn through `clampWidgetWidth`; `url` is null
 * for a widget without one ('No URL configured', and the built-in profile widget).
 */
export const widgetSchema = z
  .object({
    id: z.number().int(),
    type: widgetTypeSchema,
    title: z.string(),
    url: z.string().nullable(),
    col_span: z.number().int(),
    row_span: z.number().int(),
    order_index: z.number().int(),
  })
  .meta({ id: 'Widget' });
export type Widget = z.infer<typeof widgetSchema>;
export const widgetListSchema = z.array(widgetSchema);

/**
 * `POST /api/widgets` as the server reads it: `createWidgetRequestSchema` with `url` allowed to be empty. A
 * profile widget (`type: 'profile'`) has no URL: its `url` must be empty (or left out) and is stored as null.
 * For every other type an empty `url` is refused by `toEmbed` with its own readable reason, so the member sees
 * "Paste a link or embed code." rather than a schema message.
 */
export const createWidgetBodySchema = createWidgetRequestSchema.extend({
  url: z
    .string()
    .trim()
    .max(EMBED_LIMITS.inputMax, reason('shared.limits.atMostCharacters', { max: EMBED_LIMITS.inputMax }))
    .optional()
    .default(''),
});
export type CreateWidgetBody = z.infer<typeof createWidgetBodySchema>;

/**
 * `PUT /api/widgets/{id}`: reordering kept on the server. `order_index` is the zero-based place the widget takes
 * in the member's grid; the others are renumbered 0, 1, 2… around it. The size may change at the same time.
 */
export const updateWidgetRequestSchema = z
  .object({
    order_index: z.number().int().min(0).max(100_000),
    col_span: widgetColSpanSchema.optional(),
    row_span: widgetRowSpanSchema.optional(),
  })
  .strict();
export type UpdateWidgetRequest = z.infer<typeof updateWidgetRequestSchema>;
