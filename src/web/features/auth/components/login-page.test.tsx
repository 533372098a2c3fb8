import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignInMode } from '#shared/auth.ts';
import { buildUser } from '#tests/factories/build-user.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { noSessionAnswer, signInModeHandler, userAnswer } from '#tests/web-kit/auth/auth-handlers.ts';
import { deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { emptyMemberDataHandlers } from '#tests/web-kit/member-data-handlers.ts';
import { requestsTo, server } from '#tests/web-kit/msw-server.ts';
import { preloadPages } from '#tests/web-kit/preload-pages.ts';
import { renderApp } from '#tests/web-kit/render-app.tsx';
import { browserLocation } from '#web/lib/browser-location.ts';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';

const providerUrl = 'https://accounts.example.test/authorize?client_id=lumara&state=s1';

function stubSignedOut({
  mode = 'google',
  redirect,
}: {
  mode?: SignInMode;
  redirect?: () => Response | Promise<Response>;
}) {
  server.use(
    http.get('/api/users/me', noSessionAnswer),
    signInModeHandler(mode),
    ...(redirect ? [http.get('/api/oauth/google/redirect_url', redirect)] : []),
  );
}

beforeAll(preloadPages, 30_000);

describe('LoginPage', () => {
  it('shows a spinner, not the sign-in button, while the session is pending', async () => {
    const me = deferred<Response>();
    server.use(
      http.get('/api/users/me', () => me.promise),
      signInModeHandler('google'),
    );

    renderApp('/login');

    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    me.resolve(errorResponse(401, 'unauthenticated'));
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('sends a member who is already signed in to /dashboard', async () => {
    server.use(
      http.get('/api/users/me', () => userAnswer(buildUser())),
      signInModeHandler('google'),
      ...emptyMemberDataHandlers(),
    );

    const app = renderApp('/login');

    await waitFor(() => expect(app.pathname()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
  });

  it('asks for the redirect URL and sends the browser there, busy meanwhile', async () => {
    const redirect = deferred<Response>();
    stubSignedOut({ redirect: () => redirect.promise });
    const app = renderApp('/login');

    const button = await screen.findByRole('button', { name: 'Continue with Google' });
    await app.user.click(button);

    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    redirect.resolve(HttpResponse.json({ redirectUrl: providerUrl }));
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith(providerUrl));
    expect(browserLocation.assign).toHaveBeenCalledTimes(1);
  });

  it('logs the exact text and says so when the redirect URL cannot be had', async () => {
    stubSignedOut({ redirect: () => errorResponse(502, 'sign_in_provider_failed') });
    const app = renderApp('/login');

    await app.user.click(await screen.findByRole('button', { name: 'Continue with Google' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in could not start. Please try again in a moment.',
    );
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(takeConsoleErrors()).toEqual([
      'error: Failed to get login redirect URL: API responded with HTTP status 502',
    ]);
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });

  it('says plainly that sign-in is the development one when the server is in development mode', async () => {
    stubSignedOut({ mode: 'development' });
    renderApp('/login');

    expect(await screen.findByText(/Development sign-in\./)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Development sign-in. No Google account is needed: you type a name and an email address on the next page.',
    );
  });

  it('says nothing about development sign-in when Google signs members in', async () => {
    stubSignedOut({ mode: 'google' });
    renderApp('/login');

    await screen.findByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(requestsTo('/api/auth/mode')).toHaveLength(1));
    expect(screen.queryByText(/Development sign-in/)).not.toBeInTheDocument();
  });

  it('welcomes a visitor in Spanish, the development note and the tab’s title too', async () => {
    await act(() => activateLanguage('es'));
    stubSignedOut({ mode: 'development' });
    renderApp('/login');

    expect(
      await screen.findByRole('heading', { name: 'Te damos la bienvenida a Lumara' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar con Google' })).toBeInTheDocument();
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(
      'Inicio de sesión de desarrollo. No necesitas una cuenta de Google: en la página siguiente escribirás un nombre y un correo electrónico.',
    );
    expect(note.querySelector('strong')).toHaveTextContent('Inicio de sesión de desarrollo.');
    expect(document.title).toBe('Iniciar sesión · Lumara');
  });
});
