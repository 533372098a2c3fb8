import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { authErrorText } from '#shared/auth.ts';
import { buildUser } from '#tests/factories/build-user.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { deferred, errorResponse, jsonResponse, stubFetch } from '#tests/web-kit/fetch-stub.ts';
import type { AuthState } from '#web/lib/auth-context.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { useAuth } from '#web/lib/use-auth.ts';
import { AuthProvider } from './auth-provider.tsx';

const ada = buildUser();

/** Shows the session state and hands the test the latest `useAuth()` value. */
function Probe({ onAuth }: { onAuth?: (auth: AuthState) => void }) {
  const auth = useAuth();
  onAuth?.(auth);
  return (
    <p data-testid="probe">
      {auth.pending ? 'pending' : 'settled'} {auth.fetching ? 'fetching' : 'idle'}{' '}
      {auth.user ? auth.user.google_user_data.name : 'nobody'}
    </p>
  );
}

function renderWithAuth(children: ReactNode) {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>,
  );
}

function renderSignedInProbe() {
  let latest: AuthState | undefined;
  renderWithAuth(
    <Probe
      onAuth={(auth) => {
        latest = auth;
      }}
    />,
  );
  return {
    auth: () => {
      if (!latest) throw new Error('The probe has not rendered');
      return latest;
    },
  };
}

describe('AuthProvider', () => {
  it('is pending and fetching until the first user fetch succeeds', async () => {
    const me = deferred<Response>();
    stubFetch((request) => (request.path === '/api/users/me' ? me.promise : undefined));

    renderWithAuth(<Probe />);
    expect(screen.getByTestId('probe')).toHaveTextContent('pending fetching nobody');

    me.resolve(jsonResponse(ada));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('settled idle Ada Lovelace'));
  });

  it('stops being pending, with no user, when the first fetch fails', async () => {
    const me = deferred<Response>();
    stubFetch((request) => (request.path === '/api/users/me' ? me.promise : undefined));

    renderWithAuth(<Probe />);
    expect(screen.getByTestId('probe')).toHaveTextContent('pending');

    me.resolve(errorResponse(401, 'unauthenticated'));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('settled idle nobody'));
  });

  it('merges concurrent fetchUser calls and mounted consumers into one request', async () => {
    const me = deferred<Response>();
    const fetchStub = stubFetch((request) => (request.path === '/api/users/me' ? me.promise : undefined));
    let latest: AuthState | undefined;
    renderWithAuth(
      <>
        <Probe
          onAuth={(auth) => {
            latest = auth;
          }}
        />
        <Probe />
        <Probe />
      </>,
    );
    const auth = latest;
    if (!auth) throw new Error('The probe has not rendered');

    const calls = [auth.fetchUser(), auth.fetchUser(), auth.fetchUser()];
    me.resolve(jsonResponse(ada));

    await expect(Promise.all(calls)).resolves.toEqual([ada, ada, ada]);
    expect(fetchStub.requestsTo('/api/users/me')).toHaveLength(1);
  });

  it('rejects fetchUser with the exact text of part 1 §8', async () => {
    stubFetch((request) => (request.path === '/api/users/me' ? errorResponse(500, 'internal') : undefined));
    const { auth } = renderSignedInProbe();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('settled'));

    const error = await auth()
      .fetchUser()
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Failed to fetch user: API responded with HTTP status 500');
  });

  it('clears the member on logout before the server has answered', async () => {
    const logoutAnswer = deferred<Response>();
    const fetchStub = stubFetch((request) => {
      if (request.path === '/api/users/me') return jsonResponse(ada);
      if (request.path === '/api/logout') return logoutAnswer.promise;
      return undefined;
    });
    const { auth } = renderSignedInProbe();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('Ada Lovelace'));

    let loggedOut: Promise<void> | undefined;
    await act(async () => {
      loggedOut = auth().logout();
    });

    // The logout answer is still outstanding here.
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('settled idle nobody'));
    expect(fetchStub.requestsTo('/api/logout', 'GET')).toHaveLength(1);

    logoutAnswer.resolve(jsonResponse({ success: true }));
    await act(async () => {
      await loggedOut;
    });
    expect(screen.getByTestId('probe')).toHaveTextContent('nobody');
  });

  it('keeps the member cleared and logs "Failed to logout" when the logout call fails', async () => {
    stubFetch((request) => {
      if (request.path === '/api/users/me') return jsonResponse(ada);
      if (request.path === '/api/logout') return errorResponse(503, 'database_unavailable');
      return undefined;
    });
    const { auth } = renderSignedInProbe();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('Ada Lovelace'));

    await act(() => auth().logout());

    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('nobody'));
    const logged = takeConsoleErrors();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^error: Failed to logout /);
  });

  it('does not let a user fetch still in flight write the member back after logout', async () => {
    const refetch = deferred<Response>();
    let meCalls = 0;
    stubFetch((request) => {
      if (request.path === '/api/users/me') {
        meCalls += 1;
        return meCalls === 1 ? jsonResponse(ada) : refetch.promise;
      }
      if (request.path === '/api/logout') return jsonResponse({ success: true });
      return undefined;
    });
    const { auth } = renderSignedInProbe();
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('Ada Lovelace'));

    void auth()
      .fetchUser()
      .catch(() => undefined);
    await act(() => auth().logout());
    refetch.resolve(jsonResponse(ada));

    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('nobody'));
    // Give a late answer every chance to land before looking again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByTestId('probe')).toHaveTextContent('nobody');
  });
});

describe('useAuth', () => {
  it('throws the exact text outside the provider', () => {
    expect(() => renderHook(() => useAuth())).toThrow(new Error(authErrorText.outsideProvider));
    expect(authErrorText.outsideProvider).toBe('useAuth must be used within a AuthProvider');
  });
});
