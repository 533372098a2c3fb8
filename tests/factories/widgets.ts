import type { CreateWidgetRequest, Widget } from '#shared/widgets.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

let sequence = 0;

export function buildWidgetInput(overrides: Partial<CreateWidgetRequest> = {}): CreateWidgetRequest {
  sequence += 1;
  return {
    type: 'iframe',
    title: `Widget ${sequence}`,
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    col_span: 6,
    row_span: 6,
    order_index: 1_000,
    ...overrides,
  };
}

/** Creates a widget through the API as the member whose cookie is given (last in their grid by default). */
export async function createWidgetAs(
  t: TestApp,
  cookie: string,
  overrides: Partial<CreateWidgetRequest> = {},
): Promise<Widget> {
  const response = await t.request('/api/widgets', {
    method: 'POST',
    cookie,
    body: buildWidgetInput(overrides),
  });
  if (response.status !== 201)
    throw new Error(`create widget failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Widget;
}
