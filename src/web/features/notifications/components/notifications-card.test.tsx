import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNotificationSettings, buildPushDevice } from '#tests/factories/build-notification.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { bodiesTo, requestsTo } from '#tests/web-kit/msw-server.ts';
import { FAKE_SUBSCRIPTION, fakePushBrowser } from '#tests/web-kit/notifications/fake-push-browser.ts';
import { serveNotifications } from '#tests/web-kit/notifications/notifications-handlers.ts';
import { renderNotificationsCard } from '#tests/web-kit/notifications/render-notifications.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';

let browser: ReturnType<typeof fakePushBrowser> | null = null;

afterEach(() => {
  browser?.restore();
  browser = null;
});

describe('NotificationsCard: push on this device', () => {
  it('asks for permission only when Enable is pressed, then subscribes and lists this device as “Chrome on Linux”', async () => {
    const centre = serveNotifications({ devices: [buildPushDevice({ label: 'Firefox on Android' })] });
    browser = fakePushBrowser();
    const { user } = renderNotificationsCard();
    const enable = await screen.findByRole('button', { name: 'Enable push on this device' });
    expect(screen.getByText('Your browser asks whether Lumara may show notifications.')).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await user.click(enable);
    expect(await screen.findByText('Push is on for this device.')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: expect.any(Uint8Array),
    });
    expect(bodiesTo('/api/push/subscriptions')).toEqual([
      { ...FAKE_SUBSCRIPTION, expirationTime: null, label: 'Chrome on Linux' },
    ]);
    const devices = screen.getByRole('list', { name: 'Devices that receive push notifications' });
    const mine = await within(devices).findByText('This device');
    expect(mine.closest('li')).toHaveTextContent('Chrome on Linux');
    expect(centre.state.devices.map((device) => device.label)).toEqual([
      'Firefox on Android',
      'Chrome on Linux',
    ]);
  });

  it('turns push off here: the device is removed and the browser unsubscribed', async () => {
    const centre = serveNotifications();
    browser = fakePushBrowser({ permission: 'granted' });
    const { user } = renderNotificationsCard();
    await user.click(await screen.findByRole('button', { name: 'Enable push on this device' }));
    await user.click(await screen.findByRole('button', { name: 'Turn off on this device' }));
    expect(await screen.findByRole('button', { name: 'Enable push on this device' })).toBeInTheDocument();
    expect(centre.state.devices).toEqual([]);
    expect(browser.state.subscription).toBeNull();
    // Granted already: nothing was asked.
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('says push is blocked, and offers no button that could not work, when notifications are denied', async () => {
    serveNotifications();
    browser = fakePushBrowser({ permission: 'denied' });
    renderNotificationsCard();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Notifications are blocked for Lumara in this browser.',
    );
    expect(screen.queryByRole('button', { name: 'Enable push on this device' })).not.toBeInTheDocument();
  });

  it('says so when the member refuses, or closes the question', async () => {
    serveNotifications();
    browser = fakePushBrowser({ answer: 'default' });
    const { user } = renderNotificationsCard();
    await user.click(await screen.findByRole('button', { name: 'Enable push on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The browser’s question was closed without an answer.',
    );
    browser.restore();

    browser = fakePushBrowser({ answer: 'denied' });
    await user.click(screen.getByRole('button', { name: 'Enable push on this device' }));
    expect(await screen.findByText(/Notifications are blocked for Lumara/)).toBeInTheDocument();
    expect(requestsTo('/api/push/subscriptions', 'POST')).toEqual([]);
  });

  it('says the push service could not be reached, and sends nothing', async () => {
    serveNotifications();
    browser = fakePushBrowser({ pushServiceDown: true });
    const { user } = renderNotificationsCard();
    await user.click(await screen.findByRole('button', { name: 'Enable push on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your browser’s push service could not be reached, so push is not on for this device.',
    );
    expect(requestsTo('/api/push/subscriptions', 'POST')).toEqual([]);
    expect(takeConsoleErrors()).toEqual([expect.stringMatching(/^warn: Push subscription failed/)]);
  });

  it('says when this browser cannot receive pushes at all (no service worker, no PushManager)', async () => {
    serveNotifications();
    renderNotificationsCard();
    expect(await screen.findByRole('note')).toHaveTextContent(
      'This browser cannot receive push notifications here.',
    );
    expect(screen.queryByRole('button', { name: 'Enable push on this device' })).not.toBeInTheDocument();
  });
});

describe('NotificationsCard: devices and the test', () => {
  it('lists the devices with Remove, and removes one', async () => {
    const centre = serveNotifications({
      devices: [
        buildPushDevice({ id: 3, label: 'Firefox on Android' }),
        buildPushDevice({ id: 4, label: null }),
      ],
    });
    const { user } = renderNotificationsCard();
    const devices = await screen.findByRole('list', { name: 'Devices that receive push notifications' });
    const rows = within(devices).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Firefox on Android');
    expect(rows[1]).toHaveTextContent('A browser');
    const [first] = within(devices).getAllByRole('button', { name: 'Remove' });
    if (!first) throw new Error('no Remove');
    expect(first).toHaveAccessibleDescription(/Firefox on Android Added/);
    await user.click(first);
    expect(
      await screen.findByText('Firefox on Android no longer receives push notifications.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(devices).getAllByRole('listitem')).toHaveLength(1));
    expect(centre.state.devices.map((device) => device.id)).toEqual([4]);
  });

  it('says when no device has push on', async () => {
    serveNotifications();
    renderNotificationsCard();
    expect(await screen.findByText('No device receives push notifications yet.')).toBeInTheDocument();
  });

  it('sends a test notification and says where it went', async () => {
    const centre = serveNotifications({ devices: [buildPushDevice(), buildPushDevice()] });
    const { user } = renderNotificationsCard();
    await user.click(await screen.findByRole('button', { name: 'Send a test notification' }));
    expect(
      await screen.findByText('Test sent to your notification centre and 2 devices.'),
    ).toBeInTheDocument();
    expect(centre.state.tests).toBe(1);
  });
});

describe('NotificationsCard: what the member hears about', () => {
  it('turns a type’s push off and sets quiet hours, saved in one PUT with this device’s zone', async () => {
    const centre = serveNotifications();
    const { user } = renderNotificationsCard();
    const form = await screen.findByRole('form', { name: 'What you hear about' });
    const reminders = within(form).getByRole('group', { name: 'Task reminders' });
    const push = within(reminders).getByRole('switch', { name: 'Push to my devices' });
    expect(push).toHaveAttribute('aria-checked', 'true');
    await user.click(push);
    expect(push).toHaveAttribute('aria-checked', 'false');

    const quiet = within(form).getByRole('group', { name: 'Quiet hours' });
    expect(within(quiet).queryByLabelText('From')).not.toBeInTheDocument();
    await user.click(within(quiet).getByRole('switch', { name: 'Quiet hours' }));
    const from = within(quiet).getByLabelText('From');
    expect(from).toHaveValue('22:00');
    await user.clear(from);
    await user.type(from, '21:30');
    await user.click(within(form).getByRole('button', { name: 'Save notification settings' }));

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(bodiesTo('/api/notifications/settings', 'PUT')).toEqual([
      {
        types: { ...buildNotificationSettings().types, 'task.reminder': { push: false, in_app: true } },
        quiet_hours: { start: '21:30', end: '07:00' },
        time_zone: zone,
      },
    ]);
    expect(centre.state.settings.quiet_hours).toEqual({ start: '21:30', end: '07:00' });
  });

  it('refuses an empty time while quiet hours are on, and sends nothing', async () => {
    serveNotifications({
      settings: buildNotificationSettings({ quiet_hours: { start: '23:00', end: '06:30' } }),
    });
    const { user } = renderNotificationsCard();
    const form = await screen.findByRole('form', { name: 'What you hear about' });
    const until = within(form).getByLabelText('Until');
    expect(until).toHaveValue('06:30');
    await user.clear(until);
    await user.click(within(form).getByRole('button', { name: 'Save notification settings' }));
    expect(await within(form).findByText('Give a time, such as 22:00.')).toBeInTheDocument();
    expect(until).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo('/api/notifications/settings', 'PUT')).toEqual([]);
  });

  it('speaks Spanish', async () => {
    serveNotifications();
    await activateLanguage('es');
    renderNotificationsCard();
    expect(await screen.findByRole('region', { name: 'Notificaciones' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Recordatorios de tareas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar una notificación de prueba' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Este navegador no puede recibir notificaciones push aquí.',
    );
  });
});
