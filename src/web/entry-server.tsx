// First: it configures zod before the shared schemas are built.
import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { FirstPaint, FirstPaintInput, FirstPaintState } from '#shared/first-paint.ts';
import { DEFAULT_PANEL_THEME, type ThemeId } from '#shared/themes.ts';
import { fileDashboardAnswer } from './app/pages/dashboard-first-load.ts';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { currentUserQueryKey } from './features/auth/api/get-current-user.ts';
import { signInModeQueryOptions } from './features/auth/api/get-sign-in-mode.ts';
import { themeDeclarations } from './features/themes/model/document-theme.ts';
import { themeToRestore } from './features/themes/model/theme-to-restore.ts';
import { renderForTimeZone } from './lib/browser-time-zone.ts';
import { showTextsIn } from './lib/i18n/server-texts.ts';
import { createQueryClient } from './lib/query-client.ts';

/**
 * The server's half of the first paint (src/server/composition/first-paint.ts): the app rendered to HTML for one
 * page, with the answers it was rendered from, which the browser files before hydrating (src/web/main.tsx) so
 * its first render is this one. The translator is one per process, so renders take turns; each is a few
 * milliseconds once the page's code is loaded.
 */
let turn: Promise<unknown> = Promise.resolve();

export function renderFirstPaint(input: FirstPaintInput): Promise<FirstPaint> {
  const rendered = turn.then(() => render(input));
  turn = rendered.catch(() => undefined);
  return rendered;
}

/**
 * The pages' code is split (React.lazy), and a part still loading would be sent as its fallback with an inline
 * script to swap it in later, which the CSP refuses and which shows nothing without JavaScript. So the first
 * render of each path in this process is a rehearsal that loads every part it uses; from then on nothing waits.
 */
const rehearsed = new Set<string>();

async function render(input: FirstPaintInput): Promise<FirstPaint> {
  if (!rehearsed.has(input.path)) {
    await renderHtml(input);
    rehearsed.add(input.path);
  }
  return renderHtml(input);
}

async function renderHtml(input: FirstPaintInput): Promise<FirstPaint> {
  showTextsIn(input.language);
  renderForTimeZone(input.timeZone);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, input.user, { updatedAt: input.answeredAt });
  if (input.signInMode) {
    queryClient.setQueryData(signInModeQueryOptions().queryKey, input.signInMode, {
      updatedAt: input.answeredAt,
    });
  }
  if (input.dashboard) fileDashboardAnswer(queryClient, input.dashboard, input.timeZone, input.answeredAt);
  const router = createMemoryRouter(routes, { initialEntries: [input.path] });
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Sent whole, never split into parts revealed by an inline script (which the CSP refuses).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  // A part that failed would be rendered by the browser alone, in place of what the server sent: the page would
  // change as it hydrates. The server sends the plain page instead.
  if (errors.length > 0) throw errors[0];
  const html = await new Response(prelude).text();
  const queries = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query): FirstPaintState['queries'][number] => [
      query.queryKey,
      query.state.data,
      query.state.dataUpdatedAt,
    ]);
  queryClient.clear();
  return {
    html,
    state: { language: input.language, languageFrom: input.languageFrom, timeZone: input.timeZone, queries },
    theme: input.dashboard
      ? themeOf(themeToRestore(null, input.dashboard.profile) ?? DEFAULT_PANEL_THEME)
      : null,
  };
}

/** The theme as the appearance provider puts it on <html> (features/themes/model/document-theme.ts). */
function themeOf(id: ThemeId): FirstPaint['theme'] {
  const style = themeDeclarations(id)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return { id, style };
}
