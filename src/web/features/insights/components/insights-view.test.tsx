import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Insights, WeeklyReview } from '#shared/insights.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { bodiesTo, requestsTo, sentRequests, server } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { InsightsView } from './insights-view.tsx';

const week = (week_start: string, focus_minutes: number, tasks_completed: number) => ({
  week_start,
  focus_minutes,
  focus_sessions: Math.round(focus_minutes / 25),
  tasks_completed,
  active_days: 2,
});

/** An answer whose every number differs, so a table showing the wrong column or row is caught. */
function buildInsights(): Insights {
  const days = [
    { day: '2026-10-01', focus_minutes: 75, focus_sessions: 3, tasks_completed: 2 },
    { day: '2026-10-02', focus_minutes: 0, focus_sessions: 0, tasks_completed: 4 },
    { day: '2026-10-03', focus_minutes: 140, focus_sessions: 5, tasks_completed: 0 },
  ];
  const heatmap = Array.from({ length: 365 }, (_, i) => {
    const day = new Date(Date.parse('2025-10-04T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10);
    return { day, focus_minutes: days.find((d) => d.day === day)?.focus_minutes ?? (i === 10 ? 30 : 0) };
  });
  return {
    time_zone: 'UTC',
    from: '2026-10-01',
    to: '2026-10-03',
    days,
    weeks: [{ week_start: '2026-09-28', focus_minutes: 215, focus_sessions: 8, tasks_completed: 6 }],
    by_task: [
      { task_id: 9, title: 'Write thesis', focus_minutes: 165, focus_sessions: 6 },
      { task_id: null, title: null, focus_minutes: 50, focus_sessions: 2 },
    ],
    by_label: [
      { label: 'deep', focus_minutes: 165, focus_sessions: 6 },
      { label: null, focus_minutes: 50, focus_sessions: 2 },
    ],
    totals: { focus_minutes: 215, focus_sessions: 8, tasks_completed: 6, active_days: 3 },
    streak: { current: 3, longest: 12 },
    heatmap,
    this_week: week('2026-09-28', 215, 6),
    last_week: week('2026-09-21', 95, 1),
  };
}

function renderView() {
  return renderWithMember(
    <MemoryRouter>
      <InsightsView timeZone="UTC" />
    </MemoryRouter>,
  );
}

/** The rows of the table beside a chart, each as its cells' text. */
async function tableOf(title: string): Promise<string[][]> {
  const panel = await screen.findByRole('region', { name: title });
  const table = within(panel).getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('InsightsView', () => {
  it('shows each chart’s numbers in the table beside it', async () => {
    const insights = buildInsights();
    server.use(http.get('/api/insights', () => HttpResponse.json(insights)));
    renderView();
    const longDay = (day: string) =>
      new Intl.DateTimeFormat('en', {
        weekday: 'short',
        day: 'numeric',
        month: 'long',
        timeZone: 'UTC',
      }).format(new Date(`${day}T12:00:00Z`));
    expect(await tableOf('Focus minutes per day')).toEqual(
      insights.days.map((d) => [longDay(d.day), String(d.focus_minutes), String(d.focus_sessions)]),
    );
    expect(await tableOf('Tasks completed per day')).toEqual(
      insights.days.map((d) => [longDay(d.day), String(d.tasks_completed)]),
    );
    expect(await tableOf('Focus minutes per week')).toEqual([[longDay('2026-09-28'), '215', '6']]);
    expect(await tableOf('Focus by task')).toEqual([
      ['Write thesis', '165', '6'],
      ['No task', '50', '2'],
    ]);
    expect(await tableOf('Focus by label')).toEqual([
      ['deep', '165', '6'],
      ['No label', '50', '2'],
    ]);
    expect(await tableOf('This week and last week')).toEqual([
      ['Focus minutes', '215', '95'],
      ['Sessions', '9', '4'],
      ['Tasks completed', '6', '1'],
      ['Active days', '2', '2'],
    ]);
    // The heatmap's table sums its year by month: October 2026's three days, October 2025's one.
    const months = await tableOf('A year of focus');
    expect(months).toContainEqual(['October 2026', '215', '2']);
    expect(months).toContainEqual(['October 2025', '30', '1']);
    expect(months.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(
      insights.heatmap.reduce((sum, d) => sum + d.focus_minutes, 0),
    );
    // One square per day of the year, the chart itself hidden from assistive technology (the table speaks).
    const heatmap = screen.getByTestId('year-heatmap');
    expect(heatmap.querySelectorAll('rect')).toHaveLength(365);
    expect(heatmap.closest('[aria-hidden="true"]')).not.toBeNull();
    const streak = screen.getByRole('region', { name: 'Streak' });
    expect(within(streak).getByText('3 days')).toBeInTheDocument();
    expect(within(streak).getByText('12 days')).toBeInTheDocument();
  });

  it('asks for the range picked, in the member’s zone', async () => {
    server.use(http.get('/api/insights', () => HttpResponse.json(buildInsights())));
    const { user } = renderView();
    await screen.findByRole('region', { name: 'Focus minutes per day' });
    const asked = () => {
      const last = sentRequests()
        .filter((request) => request.path.startsWith('/api/insights?'))
        .at(-1);
      return new URL(`http://x${last?.path ?? ''}`).searchParams;
    };
    expect(asked().get('time_zone')).toBe('UTC');
    const thirty = asked();
    expect(Date.parse(thirty.get('to') ?? '') - Date.parse(thirty.get('from') ?? '')).toBe(29 * 86_400_000);
    await user.click(screen.getByRole('button', { name: 'This year' }));
    await waitFor(() => expect(asked().get('from')).toMatch(/^\d{4}-01-01$/));
    expect(screen.getByRole('button', { name: 'This year' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when there is nothing yet, and when the figures could not be loaded', async () => {
    const none = { ...buildInsights(), streak: { current: 0, longest: 0 } };
    server.use(http.get('/api/insights', () => HttpResponse.json(none)));
    const first = renderView();
    expect(await screen.findByText(/No focus sessions or completed tasks yet/)).toBeInTheDocument();
    first.unmount();
    server.use(
      http.get('/api/insights', () =>
        // A 4xx: the query does not try again, so the failure shows at once.
        HttpResponse.json({ error: { code: 'validation_failed', message: 'Broken' } }, { status: 400 }),
      ),
    );
    renderView();
    expect(await screen.findByRole('alert')).toHaveTextContent(/your insights/);
    // LoadError logs what failed to load.
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Failed to load your insights')]);
  });

  it('writes the weekly review on request, as text, and offers it to the community editor', async () => {
    server.use(http.get('/api/insights', () => HttpResponse.json(buildInsights())));
    const review: WeeklyReview = {
      this_week: week('2026-09-28', 215, 6),
      last_week: week('2026-09-21', 95, 1),
      streak: { current: 3, longest: 12 },
      top_task: 'Write thesis',
      top_label: 'deep',
      text: 'A strong week: <b>215</b> minutes.',
      lang: 'en',
    };
    server.use(http.post('/api/insights/weekly-review', () => HttpResponse.json(review)));
    const { user } = renderView();
    const card = await screen.findByRole('region', { name: 'Weekly review' });
    expect(within(card).getByText(/215 focus minutes in 9 sessions, 6 tasks completed/)).toBeInTheDocument();
    expect(requestsTo('/api/insights/weekly-review', 'POST')).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Write my weekly review' }));
    // The model's words are text: its markup shows as characters, never as an element.
    expect(await within(card).findByText('A strong week: <b>215</b> minutes.')).toBeInTheDocument();
    expect(card.querySelector('b')).toBeNull();
    expect(bodiesTo('/api/insights/weekly-review')).toEqual([{ time_zone: 'UTC' }]);
    const link = within(card).getByRole('link', { name: 'Post to the community' });
    const target = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(target.pathname).toBe('/community');
    expect(target.searchParams.get('draft_body')).toBe(review.text);
    expect(target.searchParams.get('draft_title')).toBe('My week in focus');
  });
});
