import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildSubscription,
  serveSubscriptions,
} from '#tests/web-kit/calendar-subscriptions/subscriptions-handlers.ts';
import { bodiesTo } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { CalendarSubscriptionsCard } from './calendar-subscriptions-card.tsx';

describe('CalendarSubscriptionsCard', () => {
  it('says when there are none, and subscribes by link with a name and a colour chosen by name', async () => {
    const { state } = serveSubscriptions();
    const { user } = renderWithMember(<CalendarSubscriptionsCard />);
    expect(await screen.findByText('No calendars yet.')).toBeInTheDocument();

    await user.type(
      screen.getByRole('textbox', { name: 'Calendar link' }),
      'webcal://calendar.example.com/a.ics',
    );
    await user.type(screen.getByRole('textbox', { name: /Name \(optional\)/ }), 'School');
    await user.click(screen.getByRole('radio', { name: 'Green' }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const list = await screen.findByRole('list', { name: 'Your calendar subscriptions' });
    expect(within(list).getByText('School')).toBeInTheDocument();
    expect(within(list).getByText('https://calendar.example.com/a.ics')).toBeInTheDocument();
    expect(bodiesTo('/api/calendar/subscriptions')).toEqual([
      { url: 'webcal://calendar.example.com/a.ics', name: 'School', color: '#16a34a' },
    ]);
    expect(state.subscriptions).toHaveLength(1);
    // The form is empty again for the next one.
    expect(screen.getByRole('textbox', { name: 'Calendar link' })).toHaveValue('');
  });

  it("shows the server's reason on the link when it is no calendar, and keeps what was typed", async () => {
    serveSubscriptions();
    const { user } = renderWithMember(<CalendarSubscriptionsCard />);
    const link = await screen.findByRole('textbox', { name: 'Calendar link' });
    await user.type(link, 'https://example.com/not-a-calendar');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(link).toHaveAccessibleDescription(/does not answer with a calendar/));
    expect(link).toHaveValue('https://example.com/not-a-calendar');
  });

  it('refuses a link that is not https or webcal before asking the server', async () => {
    serveSubscriptions();
    const { user } = renderWithMember(<CalendarSubscriptionsCard />);
    const link = await screen.findByRole('textbox', { name: 'Calendar link' });
    await user.type(link, 'calendar.example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(link).toHaveAccessibleDescription(/Paste an https or webcal link/);
    expect(bodiesTo('/api/calendar/subscriptions')).toEqual([]);
  });

  it('lists each with its last update or its error, refreshes now, and removes after confirming', async () => {
    const { state } = serveSubscriptions({
      subscriptions: [
        buildSubscription({ id: 1, name: 'Team' }),
        buildSubscription({
          id: 2,
          name: 'Gym',
          url: 'https://gym.example.com/classes.ics',
          last_error: 'timeout',
          last_error_at: '2026-11-22T08:45:00.000Z',
        }),
      ],
      failRefresh: false,
    });
    const { user } = renderWithMember(<CalendarSubscriptionsCard />);
    const list = await screen.findByRole('list', { name: 'Your calendar subscriptions' });
    const [team, gym] = within(list).getAllByRole('listitem');
    expect(team).toHaveTextContent('Updated Nov 22, 2026');
    expect(team).toHaveTextContent('12 events');
    expect(gym).toHaveTextContent('took too long to answer');
    expect(gym).toHaveTextContent('Its last copy is still shown.');

    await user.click(within(gym as HTMLElement).getByRole('button', { name: 'Refresh now' }));
    await waitFor(() => expect(gym).not.toHaveTextContent('took too long'));
    expect(state.subscriptions[1]?.last_error).toBeNull();

    await user.click(within(team as HTMLElement).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Remove “Team”?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(list).queryByText('Team')).not.toBeInTheDocument());
    expect(state.subscriptions.map((one) => one.id)).toEqual([2]);
  });

  it('reads in Spanish', async () => {
    serveSubscriptions();
    await activateLanguage('es');
    try {
      renderWithMember(<CalendarSubscriptionsCard />);
      expect(await screen.findByText('Aún no hay calendarios.')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Enlace del calendario' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Turquesa' })).toBeInTheDocument();
    } finally {
      await activateLanguage('en');
    }
  });
});
