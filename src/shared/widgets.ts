import { z } from 'zod';
import {
  createWidgetRequestSchema,
  EMBED_LIMITS,
  widgetColSpanSchema,
  widgetRowSpanSchema,
} from './embeds.ts';

/**
 * What the widget routes read, beyond the shapes in `embeds.ts` (part 2 §7 Widgets). The URL rules themselves
 * live in `embeds.ts` (`toEmbed`); nothing here looks inside a URL.
 */

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
    .max(EMBED_LIMITS.inputMax, `At most ${EMBED_LIMITS.inputMax} characters`)
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
