import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DashboardStats } from '#shared/dashboard.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { server } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { StatCards } from './stat-cards.tsx';

function statValue(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement?.querySelector('dd')?.textContent;
}

function serveStats(stats: DashboardStats) {
  server.use(http.get('/api/dashboard/stats', () => HttpResponse.json(stats)));
}

describe('StatCards', () => {
  it('shows the four figures, the streak in days', async () => {
    serveStats({ tasks_today: 2, pomodoros_today: 3, streak_days: 1, badges: 1200 });
    renderWithMember(<StatCards />);
    await screen.findByText('1 day');
    expect(['Tasks Today', 'Pomodoros', 'Streak', 'Badges'].map(statValue)).toEqual([
      '2',
      '3',
      '1 day',
      '1,200',
    ]);
  });

  it('speaks Spanish once the member switches, with the streak as a plural', async () => {
    serveStats({ tasks_today: 2, pomodoros_today: 3, streak_days: 7, badges: 1 });
    renderWithMember(<StatCards />);
    await screen.findByText('7 days');
    await act(() => activateLanguage('es'));
    expect(['Tareas de hoy', 'Pomodoros', 'Racha', 'Insignias'].map(statValue)).toEqual([
      '2',
      '3',
      '7 días',
      '1',
    ]);
  });

  it('says in Spanish when the stats could not be loaded', async () => {
    await act(() => activateLanguage('es'));
    server.use(
      http.get('/api/dashboard/stats', () => errorResponse(400, 'validation_failed', 'Not a time zone name')),
    );
    renderWithMember(<StatCards />);
    expect(await screen.findByText('No pudimos cargar tus estadísticas.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
