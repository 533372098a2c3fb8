import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { sentRequests, server } from '#tests/web-kit/msw-server.ts';
import { renderWithQuery } from '#tests/web-kit/render-with-query.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { BadgesPanel } from './badges-panel.tsx';

function stubBadges(answer: () => Response) {
  server.use(http.get('/api/badges', answer));
}

async function badgeItems() {
  const list = await screen.findByRole('list');
  return within(list).getAllByRole('listitem');
}

describe('BadgesPanel', () => {
  it('full: the whole catalogue of eight, earned ones lit with their date, the rest dimmed', async () => {
    stubBadges(() =>
      HttpResponse.json([
        { badge_type: 'four_pomodoros', earned_at: '2026-03-01T10:00:00.000Z' },
        { badge_type: 'task_warrior', earned_at: '2026-03-02T10:00:00.000Z' },
      ]),
    );
    renderWithQuery(<BadgesPanel />);

    expect(await screen.findAllByText('Not earned yet')).toHaveLength(6);
    const items = await badgeItems();
    expect(items).toHaveLength(8);
    expect(items.map((item) => item.getAttribute('data-earned'))).toEqual([
      'false',
      'true',
      'false',
      'false',
      'true',
      'false',
      'false',
      'false',
    ]);
    const fourPomodoros = items[1] as HTMLElement;
    expect(fourPomodoros).toHaveTextContent('Four Pomodoros');
    expect(within(fourPomodoros).getByText(/^Earned/)).toBeInTheDocument();
    expect(fourPomodoros.querySelector('time')).toHaveAttribute('datetime', '2026-03-01T10:00:00.000Z');
    expect(screen.getByRole('list')).toHaveClass('lg:grid-cols-5');
  });

  it('compact: only the first three badges of the catalogue', async () => {
    stubBadges(() =>
      HttpResponse.json([{ badge_type: 'community_star', earned_at: '2026-03-01T10:00:00.000Z' }]),
    );
    renderWithQuery(<BadgesPanel variant="compact" />);

    await screen.findAllByText('Not earned yet');
    const items = await badgeItems();
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('First Flight'),
      expect.stringContaining('Four Pomodoros'),
      expect.stringContaining('Glow Mentor'),
    ]);
  });

  it('asks for another member’s badges by userId', async () => {
    stubBadges(() => HttpResponse.json([]));
    renderWithQuery(<BadgesPanel userId={12} />);
    await screen.findAllByText('Not earned yet');
    expect(sentRequests().map((request) => request.path)).toEqual(['/api/badges?userId=12']);
  });

  it('only logs a failure, still showing the catalogue', async () => {
    stubBadges(() => errorResponse(404, 'not_found', 'That member was not found'));
    renderWithQuery(<BadgesPanel userId={99} />);
    let logged: string[] = [];
    await waitFor(() => {
      logged = [...logged, ...takeConsoleErrors()];
      expect(logged).toEqual(['error: Failed to load badges: That member was not found']);
    });
    expect(await badgeItems()).toHaveLength(8);
    expect(screen.queryByText('Not earned yet')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Earned/)).not.toBeInTheDocument();
  });

  it('names badges, their meanings and the date earned in Spanish once the member switches', async () => {
    stubBadges(() =>
      HttpResponse.json([{ badge_type: 'four_pomodoros', earned_at: '2026-03-01T10:00:00.000Z' }]),
    );
    renderWithQuery(<BadgesPanel />);
    await screen.findAllByText('Not earned yet');
    await act(() => activateLanguage('es'));

    expect(screen.getByRole('heading', { name: 'Insignias' })).toBeInTheDocument();
    expect(screen.getAllByText('Aún no obtenida')).toHaveLength(7);
    const [firstFlight, fourPomodoros] = await badgeItems();
    expect(firstFlight).toHaveTextContent('Primer vuelo');
    expect(firstFlight).toHaveTextContent('primera publicación compartida');
    expect(fourPomodoros).toHaveTextContent('Cuatro pomodoros');
    expect(fourPomodoros).toHaveTextContent('4 sesiones en un día');
    expect(within(fourPomodoros as HTMLElement).getByText(/^Obtenida el/)).toBeInTheDocument();
    expect(fourPomodoros?.querySelector('time')).toHaveTextContent(/^1 mar 2026$/);
  });
});
