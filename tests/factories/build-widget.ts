import type { ShownWidget } from '#web/features/widgets/api/get-widgets.ts';

let sequence = 0;

export function buildWidget(overrides: Partial<ShownWidget> = {}): ShownWidget {
  sequence += 1;
  return {
    id: sequence,
    type: 'youtube',
    title: `Widget ${sequence}`,
    url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    col_span: 6,
    row_span: 6,
    order_index: sequence,
    ...overrides,
  };
}
