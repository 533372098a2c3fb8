import { screen } from '@testing-library/react';
import { type HttpHandler, http } from 'msw';
import { buildUser } from '#tests/factories/build-user.ts';
import { signInModeHandler, userAnswer } from './auth/auth-handlers.ts';
import { emptyMemberDataHandlers } from './member-data-handlers.ts';
import { server } from './msw-server.ts';
import { renderApp } from './render-app.tsx';

/**
 * The whole app at `path` for a signed-in member with no data of their own, once the page's title shows.
 * `handlers` come first: the first handler for a request answers it.
 */
export async function renderSignedInApp(path: string, ...handlers: HttpHandler[]) {
  server.use(
    ...handlers,
    http.get('/api/users/me', () => userAnswer(buildUser())),
    signInModeHandler('google'),
    ...emptyMemberDataHandlers(),
  );
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return app;
}
