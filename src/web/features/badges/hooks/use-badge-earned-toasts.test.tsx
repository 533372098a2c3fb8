import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { EarnedBadge } from '#shared/badges.ts';
import { server as network, requestsTo } from '#tests/web-kit/msw-server.ts';
import { renderWithQuery } from '#tests/web-kit/render-with-query.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { ToasterHost } from '#web/ui/toaster-host.tsx';
import { useBadges } from '../api/get-badges.ts';
import { useBadgeEarnedToasts } from './use-badge-earned-toasts.ts';

/** The hook as the shell mounts it, plus what the member's badge list holds, to wait on. */
function ShellStandIn() {
  useBadgeEarnedToasts();
  const { data } = useBadges();
  return (
    <>
      <p>{data ? `${data.length} known` : 'loading'}</p>
      <ToasterHost />
    </>
  );
}

const firstFlight: EarnedBadge = { badge_type: 'first_flight', earned_at: '2026-03-01T08:00:00.000Z' };
const fourPomodoros: EarnedBadge = { badge_type: 'four_pomodoros', earned_at: '2026-03-01T11:00:00.000Z' };

function stubBadgeAnswers() {
  const server = { badges: [firstFlight] as EarnedBadge[] };
  network.use(http.get('/api/badges', () => HttpResponse.json(server.badges)));
  return { server };
}

describe('useBadgeEarnedToasts', () => {
  it('says nothing about badges the member already had when the page loaded', async () => {
    stubBadgeAnswers();
    const { queryClient } = renderWithQuery(<ShellStandIn />);
    await screen.findByText('1 known');
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.badges }));
    await screen.findByText('1 known');

    expect(requestsTo('/api/badges').length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText(/Badge earned/)).not.toBeInTheDocument();
  });

  it('toasts "Badge earned: {name} {emoji}" once for a badge that appears in a later answer', async () => {
    const { server } = stubBadgeAnswers();
    const { queryClient } = renderWithQuery(<ShellStandIn />);
    await screen.findByText('1 known');

    server.badges = [firstFlight, fourPomodoros];
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.badges }));
    await screen.findByText('2 known');

    expect(await screen.findByText('Badge earned: Four Pomodoros 🍅')).toBeInTheDocument();
    expect(screen.queryByText('Badge earned: First Flight 🕊️')).not.toBeInTheDocument();

    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.badges }));
    await waitFor(() => expect(requestsTo('/api/badges')).toHaveLength(3));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getAllByText('Badge earned: Four Pomodoros 🍅')).toHaveLength(1);
  });

  it('says it in Spanish when the interface is in Spanish', async () => {
    await act(() => activateLanguage('es'));
    const { server } = stubBadgeAnswers();
    const { queryClient } = renderWithQuery(<ShellStandIn />);
    await screen.findByText('1 known');

    server.badges = [firstFlight, fourPomodoros];
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.badges }));
    expect(await screen.findByText('Insignia obtenida: Cuatro pomodoros 🍅')).toBeInTheDocument();
  });
});
