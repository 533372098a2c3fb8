import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildCalendarWeek } from '#tests/factories/build-calendar-week.ts';
import { deferred } from '#tests/web-kit/http-answers.ts';
import { requestsTo, sentRequests, server } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { WeekCalendarPanel } from './week-calendar-panel.tsx';

const week = buildCalendarWeek({
  time_zone: 'America/Santiago',
  events: [
    {
      id: 'task-7',
      kind: 'task',
      title: 'Mix the single',
      all_day: true,
      start: '2026-05-05',
      end: '2026-05-05',
      day: '2026-05-05',
      task_status: 'todo',
    },
    {
      id: 'focus-3',
      kind: 'focus',
      title: 'Focus session',
      all_day: false,
      start: '2026-05-06T01:30:00.000Z',
      end: '2026-05-06T01:55:00.000Z',
      day: '2026-05-05',
      task_status: null,
    },
  ],
});

describe('WeekCalendarPanel', () => {
  it('names the zone, lists the week’s days with their tasks and focus sessions in 12-hour times', async () => {
    server.use(http.get('/api/calendar/week', () => HttpResponse.json(week)));
    renderWithMember(<WeekCalendarPanel timeZone="America/Santiago" />);
    const panel = await screen.findByRole('region', { name: 'Your Week (America/Santiago)' });
    expect(requestsTo('/api/calendar/week?time_zone=America%2FSantiago')).toHaveLength(1);
    const tuesday = (await within(panel).findByRole('heading', { name: /Tue, May 5/ })).closest(
      'li',
    ) as HTMLElement;
    expect(within(tuesday).getByText('Mix the single')).toBeInTheDocument();
    expect(within(tuesday).getByText('Due · All day')).toBeInTheDocument();
    expect(within(tuesday).getByText('9:30 PM – 9:55 PM')).toBeInTheDocument();
    const monday = within(panel)
      .getByRole('heading', { name: /Mon, May 4/ })
      .closest('li') as HTMLElement;
    expect(within(monday).getByText('Nothing planned')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Open calendar/ })).toHaveAttribute(
      'href',
      'https://calendar.google.com/calendar/r/week/2026/5/4',
    );
  });

  it("draws a subscribed calendar's event in its colour, with its calendar's name in words", async () => {
    const withExternal = buildCalendarWeek({
      time_zone: 'America/Santiago',
      events: [
        {
          id: 'external-9-2026-05-05',
          kind: 'external',
          title: 'Team standup',
          all_day: false,
          start: '2026-05-05T14:00:00.000Z',
          end: '2026-05-05T14:30:00.000Z',
          day: '2026-05-05',
          task_status: null,
          calendar: { id: 9, name: 'Work', color: '#16a34a' },
        },
        {
          id: 'external-10-2026-05-07',
          kind: 'external',
          title: 'Holiday',
          all_day: true,
          start: '2026-05-07',
          end: '2026-05-07',
          day: '2026-05-07',
          task_status: null,
          calendar: { id: 10, name: 'School', color: '#dc2626' },
        },
      ],
    });
    server.use(http.get('/api/calendar/week', () => HttpResponse.json(withExternal)));
    renderWithMember(<WeekCalendarPanel timeZone="America/Santiago" />);
    const panel = await screen.findByRole('region', { name: 'Your Week (America/Santiago)' });
    const tuesday = (await within(panel).findByRole('heading', { name: /Tue, May 5/ })).closest(
      'li',
    ) as HTMLElement;
    const standup = within(tuesday).getByText('Team standup').closest('li') as HTMLElement;
    // 14:00Z is 10:00 AM in Santiago (UTC−4 in May); the calendar is named, not only coloured.
    expect(within(standup).getByText('10:00 AM – 10:30 AM · Work')).toBeInTheDocument();
    expect(within(standup).getByTestId('calendar-color')).toHaveStyle({ backgroundColor: '#16a34a' });
    const thursday = within(panel)
      .getByRole('heading', { name: /Thu, May 7/ })
      .closest('li') as HTMLElement;
    expect(within(thursday).getByText('Holiday')).toBeInTheDocument();
    expect(within(thursday).getByText('All day · School')).toBeInTheDocument();
  });

  it('waits for the zone before asking for the week', () => {
    renderWithMember(<WeekCalendarPanel timeZone={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your week');
    expect(sentRequests()).toEqual([]);
  });

  it('refreshes on request, saying so while it loads', async () => {
    let answer = deferred<Response>();
    answer.resolve(HttpResponse.json(week));
    server.use(http.get('/api/calendar/week', () => answer.promise));
    const { user } = renderWithMember(<WeekCalendarPanel timeZone="America/Santiago" />);
    await screen.findByText('Mix the single');

    answer = deferred<Response>();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const refreshing = screen.getByRole('button', { name: 'Refreshing…' });
    expect(refreshing).toBeDisabled();
    expect(refreshing).toHaveAttribute('aria-busy', 'true');
    answer.resolve(HttpResponse.json({ ...week, events: [] }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    expect(screen.queryByText('Mix the single')).toBeNull();
    expect(requestsTo('/api/calendar/week?time_zone=America%2FSantiago')).toHaveLength(2);
  });

  it('names days and months and writes times in Spanish once the member switches, still in their zone', async () => {
    server.use(http.get('/api/calendar/week', () => HttpResponse.json(week)));
    renderWithMember(<WeekCalendarPanel timeZone="America/Santiago" />);
    await screen.findByText('Mix the single');
    await act(() => activateLanguage('es'));

    const panel = screen.getByRole('region', { name: 'Tu semana (America/Santiago)' });
    const tuesday = within(panel)
      .getByRole('heading', { name: /mar, 5 may/ })
      .closest('li') as HTMLElement;
    expect(within(tuesday).getByText('Vence · Todo el día')).toBeInTheDocument();
    // 01:30 UTC on Wednesday is Tuesday evening in Santiago.
    expect(within(tuesday).getByText('9:30 p. m. – 9:55 p. m.')).toBeInTheDocument();
    const monday = within(panel)
      .getByRole('heading', { name: /lun, 4 may/ })
      .closest('li') as HTMLElement;
    expect(within(monday).getByText('Nada planeado')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Actualizar' })).toBeInTheDocument();
  });
});
