import type { widgetSizes } from '#shared/widgets.ts';
import type { MessageKey } from '#web/lib/i18n/use-t.ts';

type WidthSpan = (typeof widgetSizes.widths)[number]['span'];
type HeightSpan = (typeof widgetSizes.heights)[number]['span'];

/**
 * The add form's size choices as the member reads them, by span: `widgetSizes` in `#shared/widgets.ts` keeps the
 * English words for the server; the interface shows these messages instead.
 */
export const widthLabels: Record<WidthSpan, MessageKey> = {
  3: 'widgets.size.small',
  6: 'widgets.size.medium',
  9: 'widgets.size.large',
  12: 'widgets.size.full',
};

export const heightLabels: Record<HeightSpan, MessageKey> = {
  3: 'widgets.size.short',
  6: 'widgets.size.medium',
  9: 'widgets.size.tall',
};
