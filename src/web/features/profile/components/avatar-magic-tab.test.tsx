import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProfileMe } from '#tests/factories/build-profile.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { errorResponse, jsonResponse, type StubbedRequest, stubFetch } from '#tests/web-kit/fetch-stub.ts';
import { answerEmptyMemberData } from '#tests/web-kit/member-data-stub.ts';
import { renderSettings } from '#tests/web-kit/settings/render-settings.tsx';
import { AvatarMagicTab } from './avatar-magic-tab.tsx';

const JOB = '7d1c2b9a-3f4e-4a5b-8c6d-0e1f2a3b4c5d';

type Server = {
  generatedAt: number;
  statusChecks: number[];
  route: (request: StubbedRequest) => Response | undefined;
};

/** The profile's avatar routes: generate answers pending; each status check answers what `status` says. */
function avatarServer(
  status: (check: number) => { status: string; url: string | null; error: string | null },
) {
  const server: Server = {
    generatedAt: 0,
    statusChecks: [],
    route: (request) => {
      if (request.path === `/api/profile/me?time_zone=${encodeURIComponent(zone())}`) {
        return jsonResponse(buildProfileMe({ display_name: 'Ada Lovelace' }));
      }
      if (request.path === '/api/profile/avatar-generate') {
        server.generatedAt = Date.now();
        return jsonResponse({ status: 'pending', url: null, jobId: JOB, error: null });
      }
      if (request.path === `/api/profile/avatar-status?jobId=${JOB}`) {
        server.statusChecks.push(Date.now());
        return jsonResponse(status(server.statusChecks.length));
      }
      if (request.path === '/api/profile/set-avatar') {
        return jsonResponse({ avatar_url: '/api/avatars/1/0b7f3c1e-5d2a-4c55-9f4e-1f2a3b4c5d6e.png' });
      }
      return answerEmptyMemberData(request);
    },
  };
  return server;
}

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const pending = { status: 'pending', url: null, error: null };

afterEach(() => vi.useRealTimers());

describe('AvatarMagicTab (part 1 §4, §9)', () => {
  it('offers the three styles, the cartoon named after the member, and sends its prompt', async () => {
    const server = avatarServer(() => ({ status: 'ready', url: 'https://img.example/a.png', error: null }));
    const fetchStub = stubFetch(server.route);
    const { user } = renderSettings(<AvatarMagicTab />);
    expect(await screen.findByRole('radio', { name: /Cartoon Ada Lovelace/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Stage Diva/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Parrot Pals/ }));
    await user.click(screen.getByRole('button', { name: 'Generate avatar' }));
    await waitFor(() => expect(fetchStub.requestsTo('/api/profile/avatar-generate')).toHaveLength(1));
    const { prompt } = JSON.parse(fetchStub.requestsTo('/api/profile/avatar-generate')[0]?.body ?? '{}');
    expect(prompt).toMatch(/parrot friends/);
  });

  it('polls a pending avatar after 3 s, then 3 s plus 200 ms per check, until it is ready; then sets it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = avatarServer((check) =>
      check < 3 ? pending : { status: 'ready', url: 'https://img.example/new.png', error: null },
    );
    const fetchStub = stubFetch(server.route);
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
      expect(fetchStub.requestsTo('/api/profile/set-avatar', 'POST').map((r) => r.body)).toEqual([
        JSON.stringify({ url: 'https://img.example/new.png' }),
      ]),
    );
    expect(await screen.findByText('Avatar updated')).toBeInTheDocument();
  });

  it('stops after 15 checks and only logs the timeout (part 1 §8)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = avatarServer(() => pending);
    stubFetch(server.route);
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
    stubFetch((request) =>
      request.path === '/api/profile/avatar-generate'
        ? errorResponse(503, 'provider_not_configured', 'fal.ai is not configured: set FAL_KEY')
        : request.path.startsWith('/api/profile/me')
          ? jsonResponse(buildProfileMe())
          : answerEmptyMemberData(request),
    );
    const { user } = renderSettings(<AvatarMagicTab />);
    await user.click(await screen.findByRole('button', { name: 'Generate avatar' }));
    expect(await screen.findByRole('note')).toHaveTextContent('fal.ai is not configured: set FAL_KEY');
  });
});
