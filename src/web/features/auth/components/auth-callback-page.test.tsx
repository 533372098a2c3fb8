import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '#tests/factories/build-user.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { noSessionAnswer, signInModeHandler, userAnswer } from '#tests/web-kit/auth/auth-handlers.ts';
import { deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { emptyMemberDataHandlers } from '#tests/web-kit/member-data-handlers.ts';
import { requestsTo, type SentRequest, sentRequests, server } from '#tests/web-kit/msw-server.ts';
import { preloadPages } from '#tests/web-kit/preload-pages.ts';
import { renderApp } from '#tests/web-kit/render-app.tsx';

/** A server where `POST /api/sessions` answers `exchange` and creates the session when it succeeds. */
function stubSignInServer(exchange: () => Response | Promise<Response>) {
  let signedIn = false;
  server.use(
    http.get('/api/users/me', () => (signedIn ? userAnswer(buildUser()) : noSessionAnswer())),
    http.post('/api/sessions', async () => {
      const answer = await exchange();
      signedIn = answer.ok;
      return answer;
    }),
    signInModeHandler('google'),
    ...emptyMemberDataHandlers(),
  );
}

beforeAll(preloadPages, 30_000);

describe('AuthCallbackPage', () => {
  it('shows "Setting up your workspace..." while the code is exchanged', async () => {
    const exchange = deferred<Response>();
    stubSignInServer(() => exchange.promise);

    renderApp('/auth/callback?code=the-code&state=the-state');

    expect(await screen.findByRole('status')).toHaveTextContent('Setting up your workspace...');
    exchange.resolve(HttpResponse.json({ success: true }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
  });

  it('posts the code once under StrictMode and re-renders, fetches the member again, and ends at /dashboard', async () => {
    const exchange = deferred<Response>();
    stubSignInServer(() => exchange.promise);

    const app = renderApp('/auth/callback?code=the-code&state=the-state', { strict: true });
    await waitFor(() => expect(requestsTo('/api/sessions', 'POST')).toHaveLength(1));
    app.rerenderApp();
    app.rerenderApp();
    exchange.resolve(HttpResponse.json({ success: true }));

    await waitFor(() => expect(app.pathname()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(requestsTo('/api/sessions', 'POST')).toHaveLength(1);
    expect(JSON.parse(requestsTo('/api/sessions')[0]?.body ?? '')).toEqual({
      code: 'the-code',
      state: 'the-state',
    });
    const meRequests = requestsTo('/api/users/me');
    expect(meRequests.length).toBeGreaterThanOrEqual(2);
    expect(sentRequests().indexOf(meRequests.at(-1) as SentRequest)).toBeGreaterThan(
      sentRequests().indexOf(requestsTo('/api/sessions')[0] as SentRequest),
    );
  });

  it('logs the exact text and goes to /login when the URL has no code', async () => {
    stubSignInServer(() => HttpResponse.json({ success: true }));

    const app = renderApp('/auth/callback?state=the-state', { strict: true });

    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(takeConsoleErrors()).toEqual([
      'error: Cannot exchange code for session token: no code provided in the URL search params.',
    ]);
    expect(requestsTo('/api/sessions')).toHaveLength(0);
  });

  it('logs the exact text with the status and goes to /login when the exchange fails', async () => {
    stubSignInServer(() => errorResponse(400, 'invalid_code', 'The code was not accepted'));

    const app = renderApp('/auth/callback?code=used-code&state=the-state', { strict: true });

    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in did not complete. Please try again.');
    expect(takeConsoleErrors()).toEqual([
      'error: Failed to exchange code for session token: API responded with HTTP status 400',
    ]);
    expect(requestsTo('/api/sessions', 'POST')).toHaveLength(1);
  });
});
