import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '#tests/factories/build-user.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import {
  deferred,
  errorResponse,
  jsonResponse,
  type StubbedRequest,
  stubFetch,
} from '#tests/web-kit/fetch-stub.ts';
import { answerEmptyMemberData } from '#tests/web-kit/member-data-stub.ts';
import { preloadPages } from '#tests/web-kit/preload-pages.ts';
import { renderApp } from '#tests/web-kit/render-app.tsx';

/** A server where `POST /api/sessions` answers `exchange` and creates the session when it succeeds. */
function stubSignInServer(exchange: (request: StubbedRequest) => Response | Promise<Response>) {
  let signedIn = false;
  return stubFetch(async (request) => {
    if (request.path === '/api/users/me') {
      return signedIn ? jsonResponse(buildUser()) : errorResponse(401, 'unauthenticated');
    }
    if (request.path === '/api/sessions' && request.method === 'POST') {
      const answer = await exchange(request);
      signedIn = answer.ok;
      return answer;
    }
    if (request.path === '/api/auth/mode') return jsonResponse({ mode: 'google' });
    return answerEmptyMemberData(request);
  });
}

beforeAll(preloadPages, 30_000);

describe('AuthCallbackPage', () => {
  it('shows "Setting up your workspace..." while the code is exchanged', async () => {
    const exchange = deferred<Response>();
    stubSignInServer(() => exchange.promise);

    renderApp('/auth/callback?code=the-code&state=the-state');

    expect(await screen.findByRole('status')).toHaveTextContent('Setting up your workspace...');
    exchange.resolve(jsonResponse({ success: true }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
  });

  it('posts the code once under StrictMode and re-renders, fetches the member again, and ends at /dashboard', async () => {
    const exchange = deferred<Response>();
    const fetchStub = stubSignInServer(() => exchange.promise);

    const app = renderApp('/auth/callback?code=the-code&state=the-state', { strict: true });
    await waitFor(() => expect(fetchStub.requestsTo('/api/sessions', 'POST')).toHaveLength(1));
    app.rerenderApp();
    app.rerenderApp();
    exchange.resolve(jsonResponse({ success: true }));

    await waitFor(() => expect(app.pathname()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect(fetchStub.requestsTo('/api/sessions', 'POST')).toHaveLength(1);
    expect(JSON.parse(fetchStub.requestsTo('/api/sessions')[0]?.body ?? '')).toEqual({
      code: 'the-code',
      state: 'the-state',
    });
    const meRequests = fetchStub.requestsTo('/api/users/me');
    expect(meRequests.length).toBeGreaterThanOrEqual(2);
    expect(fetchStub.requests.indexOf(meRequests.at(-1) as StubbedRequest)).toBeGreaterThan(
      fetchStub.requests.indexOf(fetchStub.requestsTo('/api/sessions')[0] as StubbedRequest),
    );
  });

  it('logs the exact text and goes to /login when the URL has no code', async () => {
    const fetchStub = stubSignInServer(() => jsonResponse({ success: true }));

    const app = renderApp('/auth/callback?state=the-state', { strict: true });

    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(takeConsoleErrors()).toEqual([
      'error: Cannot exchange code for session token: no code provided in the URL search params.',
    ]);
    expect(fetchStub.requestsTo('/api/sessions')).toHaveLength(0);
  });

  it('logs the exact text with the status and goes to /login when the exchange fails', async () => {
    const fetchStub = stubSignInServer(() => errorResponse(400, 'invalid_code', 'The code was not accepted'));

    const app = renderApp('/auth/callback?code=used-code&state=the-state', { strict: true });

    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in did not complete. Please try again.');
    expect(takeConsoleErrors()).toEqual([
      'error: Failed to exchange code for session token: API responded with HTTP status 400',
    ]);
    expect(fetchStub.requestsTo('/api/sessions', 'POST')).toHaveLength(1);
  });
});
