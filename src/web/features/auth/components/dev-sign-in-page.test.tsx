import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { noSessionAnswer, signInModeHandler } from '#tests/web-kit/auth/auth-handlers.ts';
import { requestsTo, server } from '#tests/web-kit/msw-server.ts';
import { renderApp } from '#tests/web-kit/render-app.tsx';
import { browserLocation } from '#web/lib/browser-location.ts';

const codeChallenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const devSignInPath = `/dev-sign-in?state=st-1&nonce=n-1&code_challenge=${codeChallenge}`;
const callbackUrl = 'http://localhost:3000/auth/callback?code=dev-code&state=st-1';

function stubDevIdentityServer() {
  server.use(
    http.get('/api/users/me', noSessionAnswer),
    signInModeHandler('development'),
    http.post('/api/dev-identity/authorize', () => HttpResponse.json({ redirectUrl: callbackUrl })),
  );
}

describe('DevSignInPage', () => {
  it('is marked as development sign-in and posts name, email and the link values, then follows the answer', async () => {
    stubDevIdentityServer();
    const app = renderApp(devSignInPath);

    expect(await screen.findByRole('heading', { name: 'Development sign-in' })).toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Name'), '  Ada Lovelace ');
    await app.user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith(callbackUrl));
    const [request] = requestsTo('/api/dev-identity/authorize', 'POST');
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
    stubDevIdentityServer();
    const app = renderApp(devSignInPath);

    await app.user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Type a name');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Type an email address');
    expect(requestsTo('/api/dev-identity/authorize')).toHaveLength(0);
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
