import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProfileMe } from '#tests/factories/build-profile.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { emptyMemberDataHandlers } from '#tests/web-kit/member-data-handlers.ts';
import { server as network, requestsTo } from '#tests/web-kit/msw-server.ts';
import { renderSettings } from '#tests/web-kit/settings/render-settings.tsx';
import { AvatarMagicTab } from './avatar-magic-tab.tsx';

const JOB = '7d1c2b9a-3f4e-4a5b-8c6d-0e1f2a3b4c5d';

type Server = {
  generatedAt: number;
  statusChecks: number[];
};

/** The profile's avatar routes: generate answers pending; each status check answers what `status` says. */
function avatarServer(
  status: (check: number) => { status: string; url: string | null; error: string | null },
) {
  const server: Server = { generatedAt: 0, statusChecks: [] };
  network.use(
    // The member's own profile only when the page sends the browser's time zone; the default one otherwise.
    http.get('/api/profile/me', ({ request }) =>
      HttpResponse.json(
        new URL(request.url).searchParams.get('time_zone') === zone()
          ? buildProfileMe({ display_name: 'Ada Lovelace' })
          : buildProfileMe(),
      ),
    ),
    http.post('/api/profile/avatar-generate', () => {
      server.generatedAt = Date.now();
      return HttpResponse.json({ status: 'pending', url: null, jobId: JOB, error: null });
    }),
    http.get('/api/profile/avatar-status', ({ request }) => {
      const jobId = new URL(request.url).searchParams.get('jobId');
      // Another job is a mistake of the page: thrown, MSW answers 500 and logs it, failing the test.
      if (jobId !== JOB) throw new Error(`Asked for the status of job ${jobId}, not ${JOB}`);
      server.statusChecks.push(Date.now());
      return HttpResponse.json(status(server.statusChecks.length));
    }),
    http.post('/api/profile/set-avatar', () =>
      HttpResponse.json({ avatar_url: '/api/avatars/1/0b7f3c1e-5d2a-4c55-9f4e-1f2a3b4c5d6e.png' }),
    ),
    ...emptyMemberDataHandlers(),
  );
  return server;
}

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const pending = { status: 'pending', url: null, error: null };

afterEach(() => vi.useRealTimers());

describe('AvatarMagicTab', () => {
  it('offers the three styles, the cartoon named after the member, and sends its prompt', async () => {
    avatarServer(() => ({ status: 'ready', url: 'https://img.example/a.png', error: null }));
    const { user } = renderSettings(<AvatarMagicTab />);
    expect(await screen.findByRole('radio', { name: /Cartoon Ada Lovelace/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Stage Diva/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Parrot Pals/ }));
    await user.click(screen.getByRole('button', { name: 'Generate avatar' }));
    await waitFor(() => expect(requestsTo('/api/profile/avatar-generate')).toHaveLength(1));
    const { prompt } = JSON.parse(requestsTo('/api/profile/avatar-generate')[0]?.body ?? '{}');
    expect(prompt).toMatch(/parrot friends/);
  });

  it('polls a pending avatar after 3 s, then 3 s plus 200 ms per check, until it is ready; then sets it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = avatarServer((check) =>
      check < 3 ? pending : { status: 'ready', url: 'https://img.example/new.png', error: null },
    );
    const { user } = renderSettings(<AvatarMagicTab />);
    await screen.findByRole('radio', { name: /Cartoon Ada Lovelace/ });
    await user.click(screen.getByRole('button', { name: 'Generate avatar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Generating your avatar…');
    const started = Date.now();

    // Time moves on in 100 ms steps; each check's moment is recorded by the server.
    while (server.statusChecks.length < 3 && Date.now() - started < 15_000) {
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    const gaps = server.statusChecks.map((at, i) => at - (server.statusChecks[i - 1] ?? server.generatedAt));
    expect(gaps.map((gap) => Math.round(gap / 100) * 100)).toEqual([3_000, 3_200, 3_400]);

    expect(await screen.findByRole('img', { name: 'Your new avatar' })).toHaveAttribute(
      'src',
      'https://img.example/new.png',
    );
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(server.statusChecks).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Set as avatar' }));
    await waitFor(() =>
      expect(requestsTo('/api/profile/set-avatar', 'POST').map((r) => r.body)).toEqual([
        JSON.stringify({ url: 'https://img.example/new.png' }),
      ]),
    );
    expect(await screen.findByText('Avatar updated')).toBeInTheDocument();
  });

  it('stops after 15 checks and only logs the timeout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = avatarServer(() => pending);
    const { user } = renderSettings(<AvatarMagicTab />);
    await screen.findByRole('radio', { name: /Cartoon Ada Lovelace/ });
    await user.click(screen.getByRole('button', { name: 'Generate avatar' }));
    for (let check = 1; check <= 15; check += 1) {
      await act(() => vi.advanceTimersByTimeAsync(3_000 + 200 * (check - 1)));
      await waitFor(() => expect(server.statusChecks).toHaveLength(check));
    }
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(server.statusChecks).toHaveLength(15);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate avatar' })).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(takeConsoleErrors()).toEqual(['error: Avatar generation timed out after 15 checks']);
  });

  it('says what the operator must configure when no image service is set', async () => {
    network.use(
      http.post('/api/profile/avatar-generate', () =>
        errorResponse(503, 'provider_not_configured', 'fal.ai is not configured: set FAL_KEY'),
      ),
      http.get('/api/profile/me', () => HttpResponse.json(buildProfileMe())),
      ...emptyMemberDataHandlers(),
    );
    const { user } = renderSettings(<AvatarMagicTab />);
    await user.click(await screen.findByRole('button', { name: 'Generate avatar' }));
    expect(await screen.findByRole('note')).toHaveTextContent('fal.ai is not configured: set FAL_KEY');
  });
});
