import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInModeHandler } from '#tests/web-kit/auth/auth-handlers.ts';
import { server } from '#tests/web-kit/msw-server.ts';
import { renderApp } from '#tests/web-kit/render-app.tsx';
import { preloadPagesFor } from './router.tsx';

const devSignInPath =
  '/dev-sign-in?state=st-1&nonce=n-1&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('the route table', () => {
  it('renders a page loaded ahead in its first render, never its loading state (a painted page hydrates so)', async () => {
    server.use(signInModeHandler('development'));
    await preloadPagesFor('/dev-sign-in', 'en');

    renderApp(devSignInPath);

    // Synchronously: React.lazy would have suspended once and shown "Loading" here, even with the code in hand.
    expect(screen.getByRole('heading', { name: 'Development sign-in' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });
});
