import type { CreateWidgetRequest, UpdateWidgetRequest } from '#shared/widgets.ts';
import { errorResponse, jsonResponse, type StubbedRequest, stubFetch } from '#tests/web-kit/fetch-stub.ts';
import type { ShownWidget } from '#web/features/widgets/api/get-widgets.ts';
import { moveWidget } from '#web/features/widgets/lib/widget-order.ts';

type Failure = { method: string; path: RegExp; response: () => Response };

/**
 * The widget routes of the API, in memory, over `stubFetch`. It does not derive embed URLs: a created widget
 * is stored with the URL `embedFor` gives (the pasted text by default), or refused with `refuse`'s answer.
 */
export function stubWidgetsServer(
  initial: ShownWidget[] = [],
  {
    embedFor = (url: string) => ({ type: 'iframe' as const, url }),
  }: {
    embedFor?: (url: string) => { type: string; url: string | null };
  } = {},
) {
  let widgets = initial.map((w, i) => ({ ...w, order_index: i }));
  let nextId = Math.max(100, ...initial.map((w) => w.id)) + 1;
  const failures: Failure[] = [];

  function answer(request: StubbedRequest): Response | undefined {
    const failure = failures.findIndex((f) => f.method === request.method && f.path.test(request.path));
    if (failure !== -1) return failures.splice(failure, 1)[0]?.response();
    const body = request.body ? JSON.parse(request.body) : undefined;
    if (request.path === '/api/widgets' && request.method === 'GET') return jsonResponse(widgets);
    if (request.path === '/api/widgets' && request.method === 'POST') {
      const input = body as CreateWidgetRequest;
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
      return jsonResponse(
        widgets.find((w) => w.id === widget.id),
        201,
      );
    }
    const match = /^\/api\/widgets\/(\d+)$/.exec(request.path);
    const current = match ? widgets.find((w) => w.id === Number(match[1])) : undefined;
    if (match && !current) return errorResponse(404, 'not_found', 'That widget was not found');
    if (current && request.method === 'DELETE') {
      widgets = widgets.filter((w) => w.id !== current.id);
      return jsonResponse({ success: true });
    }
    if (current && request.method === 'PUT') {
      const changes = body as UpdateWidgetRequest;
      widgets = moveWidget(widgets, current.id, changes.order_index);
      return jsonResponse(widgets.find((w) => w.id === current.id));
    }
    return undefined;
  }

  const stub = stubFetch(answer);
  return {
    ...stub,
    widgets: () => widgets,
    /** The next request of `method` to a path matching `path` gets `response` instead. */
    failNext(method: string, path: RegExp, response: () => Response = () => errorResponse(500, 'internal')) {
      failures.push({ method, path, response });
    },
    /** The JSON bodies sent by `method` to `path`. */
    bodies(path: string, method: string): unknown[] {
      return stub.requestsTo(path, method).map((request) => JSON.parse(request.body ?? 'null'));
    },
  };
}
