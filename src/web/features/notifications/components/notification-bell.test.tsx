import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildNotification } from '#tests/factories/build-notification.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { FakeEventSource } from '#tests/web-kit/community/fake-event-source.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { answerNextOnce, bodiesTo, requestsTo } from '#tests/web-kit/msw-server.ts';
import { serveNotifications } from '#tests/web-kit/notifications/notifications-handlers.ts';
import { renderBell } from '#tests/web-kit/notifications/render-notifications.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';

beforeAll(async () => {
  // The list's chunks load on the first press; a cold transform can outlast findBy's second.
  await Promise.all([import('./notification-popover.tsx'), import('./notification-dialog.tsx')]);
}, 30_000);

beforeEach(() => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Notifications 1…n, newest (n) first. */
function some(count: number, overrides: Parameters<typeof buildNotification>[0] = {}) {
  const first = buildNotification().id;
  return Array.from({ length: count }, (_, index) =>
    buildNotification({ id: first + index + 1, title: `Notice ${index + 1}`, ...overrides }),
  );
}

const bell = (name: RegExp | string = /^Notifications/) => screen.findByRole('button', { name });

describe('NotificationBell', () => {
  it('shows the unread count, in its name too', async () => {
    serveNotifications({ items: [...some(2), ...some(1, { read_at: '2026-11-20T10:00:00.000Z' })] });
    renderBell();
    const button = await bell('Notifications, 2 unread');
    expect(button).toHaveTextContent('2');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('has no count when nothing is unread', async () => {
    serveNotifications({ items: some(1, { read_at: '2026-11-20T10:00:00.000Z' }) });
    renderBell();
    await waitFor(() => expect(requestsTo('/api/notifications', 'GET')).toHaveLength(1));
    expect(await bell('Notifications')).toHaveTextContent('');
  });

  it('opens the list newest first, marks what it shows read and keeps them marked New until it closes', async () => {
    const items = some(3);
    const centre = serveNotifications({ items });
    const { user } = renderBell();
    const button = await bell('Notifications, 3 unread');
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('button').textContent)).toEqual([
      expect.stringContaining('Notice 3'),
      expect.stringContaining('Notice 2'),
      expect.stringContaining('Notice 1'),
    ]);
    await waitFor(() => expect(centre.unread()).toBe(0));
    expect(bodiesTo('/api/notifications/read')).toEqual([{ ids: items.map((item) => item.id).reverse() }]);
    // While the list is open (a modal popover) the page behind it, the bell too, is hidden from assistive
    // technology: its name is read from the attribute.
    expect(button).toHaveAttribute('aria-label', 'Notifications');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getAllByText('New')).toHaveLength(3);
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('loads older notifications by cursor', async () => {
    const items = some(25, { read_at: '2026-11-20T10:00:00.000Z' });
    serveNotifications({ items });
    const { user } = renderBell();
    await user.click(await bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(20));
    await user.click(within(panel).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(25));
    const cursor = items[5]?.id;
    expect(requestsTo(`/api/notifications?cursor=${cursor}`, 'GET')).toHaveLength(1);
    expect(within(panel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('marks everything read with Mark all as read, those not loaded too', async () => {
    const centre = serveNotifications({ items: some(25) });
    const { user } = renderBell();
    const button = await bell('Notifications, 25 unread');
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(await within(panel).findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(centre.unread()).toBe(0));
    expect(bodiesTo('/api/notifications/read')).toContainEqual({ all: true });
    await waitFor(() => expect(button).toHaveAttribute('aria-label', 'Notifications'));
  });

  it('opens a notification’s link and closes the list; Escape closes it with focus back on the bell', async () => {
    serveNotifications({ items: [buildNotification({ title: 'Pay rent', url: '/?task=12' })] });
    const { user } = renderBell();
    await user.click(await bell());
    let panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(panel).not.toBeInTheDocument());
    expect(await bell()).toHaveFocus();

    await user.keyboard('{Enter}');
    panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(within(panel).getByRole('button', { name: /Pay rent/ }));
    await waitFor(() => expect(panel).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/?task=12');
  });

  it('counts a notification that arrives live, and shows it in the open list', async () => {
    const centre = serveNotifications({ items: some(1, { read_at: '2026-11-20T10:00:00.000Z' }) });
    const { user } = renderBell();
    await bell('Notifications');
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    const fresh = buildNotification({ title: 'Timer done' });
    centre.add(fresh);
    act(() => FakeEventSource.current()?.emit('notification.created', { id: fresh.id, unread: 1 }));
    const button = await bell('Notifications, 1 unread');
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByRole('button', { name: /Timer done/ })).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    serveNotifications();
    const { user } = renderBell();
    await user.click(await bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText(/^Nothing yet\./)).toBeInTheDocument();
  });

  // Query tries a failed read twice more (1 s, then 2 s later) before the list says so.
  it('says the list could not be loaded, with Try again', { timeout: 20_000 }, async () => {
    serveNotifications({ items: some(1) });
    for (let attempt = 0; attempt < 3; attempt += 1)
      answerNextOnce('GET', /^\/api\/notifications$/, () => errorResponse(500, 'internal'));
    const { user } = renderBell();
    await user.click(await bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(
      await within(panel).findByText(/^Could not load your notifications\./, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('button', { name: /Notice 1/ })).toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Failed to load notifications')]);
  });

  it('opens as a dialog on a phone, in Spanish', async () => {
    serveNotifications({ items: some(2) });
    await activateLanguage('es');
    const { user } = renderBell('dialog');
    await user.click(await bell('Notificaciones, 2 sin leer'));
    const dialog = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(within(dialog).getByRole('button', { name: 'Marcar todo como leído' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });
});
