import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { googleCalendarUrlOf } from '#shared/calendar-feed.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { FAKE_FEED_URLS, serveCalendarFeed } from '#tests/web-kit/calendar-feed/calendar-feed-handlers.ts';
import { requestsTo } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { CalendarFeedCard } from './calendar-feed-card.tsx';

const [FIRST, SECOND] = FAKE_FEED_URLS as [string, string];

function renderCard() {
  return renderWithMember(<CalendarFeedCard />);
}

describe('CalendarFeedCard', () => {
  it('makes an address when there is none, and shows it with Copy and the calendar links', async () => {
    const api = serveCalendarFeed();
    const { user } = renderCard();
    expect(await screen.findByText('You have no calendar address yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create calendar address' }));

    const address = await screen.findByRole('textbox', { name: 'Your calendar address' });
    expect(address).toHaveValue(FIRST);
    expect(address).toHaveAccessibleDescription(/Anyone with this address can see your tasks/);
    expect(requestsTo('/api/calendar/feed', 'POST')).toHaveLength(1);
    expect(api.state.url).toBe(FIRST);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(FIRST);
    expect(await screen.findByText('Address copied')).toBeInTheDocument();

    const webcal = FIRST.replace(/^http:/, 'webcal:');
    const google = screen.getByRole('link', { name: /Add to Google Calendar/ });
    expect(google).toHaveAttribute('href', googleCalendarUrlOf(FIRST));
    expect(google.getAttribute('href')).toBe(
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    );
    expect(google).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute('href', webcal);
  });

  it('replaces the address only after asking, and shows the new one', async () => {
    serveCalendarFeed({ url: FIRST });
    const { user } = renderCard();
    expect(await screen.findByRole('textbox', { name: 'Your calendar address' })).toHaveValue(FIRST);

    await user.click(screen.getByRole('button', { name: 'Replace address' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Replace your calendar address?' });
    expect(dialog).toHaveTextContent('stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo('/api/calendar/feed', 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Replace address' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Replace your calendar address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Replace address' }));
    expect(await screen.findByText('New calendar address made')).toBeInTheDocument();
    expect(requestsTo('/api/calendar/feed', 'POST')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Your calendar address' })).toHaveValue(SECOND),
    );
    expect(screen.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute(
      'href',
      SECOND.replace(/^http:/, 'webcal:'),
    );
  });

  it('turns the address off after asking', async () => {
    const api = serveCalendarFeed({ url: FIRST });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn off your calendar address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('You have no calendar address yet.')).toBeInTheDocument();
    expect(requestsTo('/api/calendar/feed', 'DELETE')).toHaveLength(1);
    expect(api.state.url).toBeNull();
  });

  it('says when the address could not be loaded, or made', async () => {
    serveCalendarFeed({ fail: { get: true } });
    renderCard();
    expect(
      await screen.findByText('Could not load your calendar address. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual(['error: Failed to load calendar address: Something went wrong']);
  });

  it('says when making the address failed', async () => {
    serveCalendarFeed({ fail: { write: true } });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Create calendar address' }));
    expect(await screen.findByText('That did not work. Try again in a moment.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    serveCalendarFeed({ url: FIRST });
    await activateLanguage('es');
    renderCard();
    expect(await screen.findByRole('heading', { name: 'Calendario' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Tu dirección de calendario' })).toHaveValue(FIRST);
    expect(screen.getByRole('link', { name: /Añadir a Google Calendar/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reemplazar dirección' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desactivar' })).toBeInTheDocument();
  });
});
