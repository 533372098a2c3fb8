import { http } from 'msw';
import { z } from 'zod';
import { successSchema } from '#shared/api.ts';
import { createWidgetBodySchema, updateWidgetRequestSchema, widgetSchema } from '#shared/widgets.ts';
import { contractAnswer, errorResponse } from '#tests/web-kit/http-answers.ts';
import { answerNextOnce, bodiesTo, requestsTo, sentRequests, server } from '#tests/web-kit/msw-server.ts';
import type { ShownWidget } from '#web/features/widgets/api/get-widgets.ts';
import { moveWidget } from '#web/features/widgets/lib/widget-order.ts';

/**
 * The widget list as the browser reads it (`ShownWidget`): the contract's widget with any `type`, since tests
 * serve a type this build does not know, as a newer server or an old row would, to see 'Unsupported widget type'.
 */
const shownWidgetListSchema = z.array(widgetSchema.extend({ type: z.string() }));

/**
 * The widget routes of the API, in memory, on the test's MSW server. It does not derive embed URLs: a created
 * widget is stored with the target `embedFor` gives (an iframe of the pasted text by default).
 */
export function serveWidgets(
  initial: ShownWidget[] = [],
  {
    embedFor = (url: string) => ({ type: 'iframe' as const, url }),
  }: {
    embedFor?: (url: string) => { type: z.input<typeof widgetSchema>['type']; url: string | null };
  } = {},
) {
  let widgets = initial.map((w, i) => ({ ...w, order_index: i }));
  let nextId = Math.max(100, ...initial.map((w) => w.id)) + 1;

  const find = (id: number) => widgets.find((w) => w.id === id);
  /** A widget just placed in the grid, as it now stands there. */
  const placed = (id: number): ShownWidget => {
    const widget = find(id);
    if (!widget) throw new Error(`Widget ${id} is not in the grid`);
    return widget;
  };
  const notFound = () => errorResponse(404, 'not_found', 'That widget was not found');

  server.use(
    http.get('/api/widgets', () => contractAnswer(shownWidgetListSchema, widgets)),
    http.post('/api/widgets', async ({ request }) => {
      const input = createWidgetBodySchema.parse(await request.json());
      const target = input.type === 'profile' ? { type: 'profile' as const, url: null } : embedFor(input.url);
      const widget: ShownWidget = {
        id: nextId++,
        title: input.title,
        col_span: input.col_span,
        row_span: input.row_span,
        order_index: 0,
        ...target,
      };
      widgets = moveWidget([...widgets, widget], widget.id, input.order_index);
      // Typed as the contract's widget (a new widget's type is one this build knows), not as the list's.
      return contractAnswer(widgetSchema, { ...placed(widget.id), type: target.type }, 201);
    }),
    http.delete('/api/widgets/:id', ({ params }) => {
      const current = find(Number(params.id));
      if (!current) return notFound();
      widgets = widgets.filter((w) => w.id !== current.id);
      return contractAnswer(successSchema, { success: true });
    }),
    http.put('/api/widgets/:id', async ({ params, request }) => {
      const current = find(Number(params.id));
      if (!current) return notFound();
      const changes = updateWidgetRequestSchema.parse(await request.json());
      widgets = moveWidget(widgets, current.id, changes.order_index);
      return contractAnswer(shownWidgetListSchema.element, placed(current.id));
    }),
  );

  return {
    widgets: () => widgets,
    get requests() {
      return sentRequests();
    },
    requestsTo,
    /** The next request of `method` to a path matching `path` gets `response` instead. */
    failNext(method: string, path: RegExp, response: () => Response = () => errorResponse(500, 'internal')) {
      answerNextOnce(method, path, response);
    },
    /** The JSON bodies sent by `method` to `path`. */
    bodies: (path: string, method: string): unknown[] => bodiesTo<unknown>(path, method),
  };
}
