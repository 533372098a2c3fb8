import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, stubFetch } from '#tests/web-kit/fetch-stub.ts';
import { renderApp } from '#tests/web-kit/render-app.tsx';
import { assignBrowserLocation } from '#web/lib/browser-location.ts';

vi.mock('#web/lib/browser-location.ts', () => ({ assignBrowserLocation: vi.fn() }));

const codeChallenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const devSignInPath = `/dev-sign-in?state=st-1&nonce=n-1&code_challenge=${codeChallenge}`;
const callbackUrl = 'http://localhost:3000/auth/callback?code=dev-code&state=st-1';

function stubDevIdentityServer() {
  return stubFetch((request) => {
    if (request.path === '/api/users/me') return errorResponse(401, 'unauthenticated');
    if (request.path === '/api/auth/mode') return jsonResponse({ mode: 'development' });
    if (request.path === '/api/dev-identity/authorize' && request.method === 'POST') {
      return jsonResponse({ redirectUrl: callbackUrl });
    }
    return undefined;
  });
}

describe('DevSignInPage', () => {
  beforeEach(() => {
    vi.mocked(assignBrowserLocation).mockClear();
  });

  it('is marked as development sign-in and posts name, email and the link values, then follows the answer', async () => {
    const fetchStub = stubDevIdentityServer();
    const app = renderApp(devSignInPath);

    expect(await screen.findByRole('heading', { name: 'Development sign-in' })).toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Name'), '  Ada Lovelace ');
    await app.user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(assignBrowserLocation).toHaveBeenCalledWith(callbackUrl));
    const [request] = fetchStub.requestsTo('/api/dev-identity/authorize', 'POST');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      state: 'st-1',
      nonce: 'n-1',
      code_challenge: codeChallenge,
    });
  });

  it('shows readable messages beside the fields and sends nothing when they are wrong', async () => {
    const fetchStub = stubDevIdentityServer();
    const app = renderApp(devSignInPath);

    await app.user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Type a name');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Type an email address');
    expect(fetchStub.requestsTo('/api/dev-identity/authorize')).toHaveLength(0);
  });

  it('explains and links back to /login when the link lacks its parameters', async () => {
    stubDevIdentityServer();
    const app = renderApp('/dev-sign-in?state=st-1');

    expect(await screen.findByRole('alert')).toHaveTextContent(/missing/);
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });
});
