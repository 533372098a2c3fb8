import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '#tests/factories/build-user.ts';
import { noSessionAnswer, signInModeHandler, userAnswer } from '#tests/web-kit/auth/auth-handlers.ts';
import { deferred } from '#tests/web-kit/http-answers.ts';
import { emptyMemberDataHandlers } from '#tests/web-kit/member-data-handlers.ts';
import { server } from '#tests/web-kit/msw-server.ts';
import { preloadPages } from '#tests/web-kit/preload-pages.ts';
import { renderApp } from '#tests/web-kit/render-app.tsx';

function stubSession(me: () => Response | Promise<Response>) {
  server.use(http.get('/api/users/me', me), signInModeHandler('google'), ...emptyMemberDataHandlers());
}

beforeAll(preloadPages, 30_000);

describe('AuthGuard and the route table', () => {
  it.each(['/', '/dashboard', '/focus', '/studio', '/community', '/music', '/settings', '/no/such/page'])(
    'sends a visitor without a session from %s to /login',
    async (path) => {
      stubSession(noSessionAnswer);
      const app = renderApp(path);

      await waitFor(() => expect(app.pathname()).toBe('/login'));
      expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    },
  );

  it('shows a spinner, not the login page, while the session is pending', async () => {
    const me = deferred<Response>();
    stubSession(() => me.promise);
    const app = renderApp('/focus');

    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(app.pathname()).toBe('/focus');

    me.resolve(userAnswer(buildUser()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Focus' })).toBeInTheDocument();
  });

  it.each([
    ['/', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/focus', 'Focus'],
    ['/studio', 'AI Studio'],
    ['/community', 'Community'],
    ['/music', 'Music'],
    ['/settings', 'Settings'],
  ])('shows the page at %s to a signed-in member, titled %s', async (path, title) => {
    stubSession(() => userAnswer(buildUser()));
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · Lumara`));
  });

  it('greets the member by the first word of their name on the dashboard', async () => {
    stubSession(() =>
      userAnswer(buildUser({ google_user_data: { name: '  Ada King Lovelace', picture: null } })),
    );
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
  });

  it('shows a readable not-found page with a link home for unknown paths', async () => {
    stubSession(() => userAnswer(buildUser()));
    const app = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Go to your dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
  });
});
