import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PushPayload } from '#shared/notifications.ts';
import { buildNotification } from '#tests/factories/build-notification.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { bodiesTo, requestsTo, server } from '#tests/web-kit/msw-server.ts';
import {
  APP_ORIGIN,
  clickable,
  fakeServiceWorker,
  fakeWindow,
} from '#tests/web-kit/notifications/fake-service-worker.ts';
import { serveNotifications } from '#tests/web-kit/notifications/notifications-handlers.ts';
import { keepLanguageForWorker } from '../model/worker-language.ts';
import { actOnNotificationClick } from './act-on-click.ts';
import { showPush } from './show-push.ts';

function reminderPush(overrides: Partial<PushPayload> = {}): PushPayload {
  return {
    id: 41,
    type: 'task.reminder',
    title: 'Pay rent',
    body: 'Due at 09:00',
    url: '/?task=7',
    tag: 'task.reminder:7',
    data: { task_id: 7, due: '2026-12-01T09:00' },
    ...overrides,
  };
}

/** A fake `PUT /api/tasks/{id}` that completes a task once per Idempotency-Key, as the server does. */
function serveTaskCompletion(answer?: () => Response) {
  const completions: { id: number; key: string | null; body: unknown }[] = [];
  server.use(
    http.put('/api/tasks/:id', async ({ params, request }) => {
      if (answer) return answer();
      const key = request.headers.get('Idempotency-Key');
      const body = await request.json();
      if (!completions.some((done) => done.key === key))
        completions.push({ id: Number(params.id), key, body });
      return HttpResponse.json({ id: Number(params.id), status: 'done' });
    }),
  );
  return completions;
}

describe('the push handler', () => {
  it('shows a task reminder with its tag, its data and the actions Done and Snooze 10 min', async () => {
    const worker = fakeServiceWorker();
    await showPush(worker.scope, JSON.stringify(reminderPush()), 1_000);
    expect(worker.shown).toEqual([
      {
        title: 'Pay rent',
        options: expect.objectContaining({
          body: 'Due at 09:00',
          tag: 'task.reminder:7',
          lang: 'en',
          actions: [
            { action: 'done', title: 'Done' },
            { action: 'snooze', title: 'Snooze 10 min' },
          ],
          data: {
            id: 41,
            type: 'task.reminder',
            url: '/?task=7',
            data: { task_id: 7, due: '2026-12-01T09:00' },
            language: 'en',
            shownAt: 1_000,
          },
        }),
      },
    ]);
  });

  it('words the actions in the language the push names, else the one the page kept, else the browser’s', async () => {
    const named = fakeServiceWorker();
    await showPush(named.scope, JSON.stringify(reminderPush({ lang: 'es' })));
    expect(named.shown[0]?.options.actions).toEqual([
      { action: 'done', title: 'Hecho' },
      { action: 'snooze', title: 'Posponer 10 min' },
    ]);

    const kept = fakeServiceWorker({ languages: ['en-GB'] });
    await keepLanguageForWorker(kept.scope.caches, 'es');
    await showPush(kept.scope, JSON.stringify(reminderPush()));
    expect(kept.shown[0]?.options.lang).toBe('es');

    const browser = fakeServiceWorker({ languages: ['es-CL', 'en'] });
    await showPush(browser.scope, JSON.stringify(reminderPush()));
    expect(browser.shown[0]?.options.actions?.[0]?.title).toBe('Hecho');
  });

  it('gives other kinds no actions, a kind it does not know included', async () => {
    const worker = fakeServiceWorker();
    await showPush(
      worker.scope,
      JSON.stringify({ ...reminderPush(), type: 'badge.earned', data: { badge_type: 'first_flight' } }),
    );
    await showPush(worker.scope, JSON.stringify({ ...reminderPush(), type: 'push.test', data: {} }));
    expect(worker.shown.map((shown) => shown.options.actions)).toEqual([undefined, undefined]);
    expect(worker.shown).toHaveLength(2);
  });

  it('still shows a plain notification for a push it cannot read, as browsers require', async () => {
    const worker = fakeServiceWorker();
    await showPush(worker.scope, 'not json');
    await showPush(worker.scope, JSON.stringify({ title: 'no id' }));
    await showPush(worker.scope, null);
    expect(worker.shown).toHaveLength(3);
    expect(worker.shown[0]).toMatchObject({
      title: 'Lumara',
      options: { body: 'You have a new notification', tag: 'lumara-unreadable' },
    });
  });
});

describe('the notification click handler', () => {
  it('completes the task on Done with no tab open, once however often Done is pressed', async () => {
    serveNotifications({ items: [buildNotification({ id: 41 })] });
    const completions = serveTaskCompletion();
    const worker = fakeServiceWorker();
    await showPush(worker.scope, JSON.stringify(reminderPush()), 1_000);
    const [shown] = worker.shown;
    if (!shown) throw new Error('nothing shown');

    const notification = clickable(shown);
    await actOnNotificationClick(worker.scope, notification, 'done');
    await actOnNotificationClick(worker.scope, clickable(shown), 'done');

    expect(notification.closed).toBe(true);
    expect(completions).toEqual([
      {
        id: 7,
        key: 'notification-41-done',
        body: { status: 'done', occurrence: '2026-12-01', time_zone: expect.any(String) },
      },
    ]);
    expect(requestsTo('/api/tasks/7', 'PUT').map((sent) => sent.headers.get('Idempotency-Key'))).toEqual([
      'notification-41-done',
      'notification-41-done',
    ]);
    // Read in the centre, nothing opened, no failure shown.
    expect(bodiesTo('/api/notifications/read')).toEqual([{ ids: [41] }, { ids: [41] }]);
    expect(worker.opened).toEqual([]);
    expect(worker.shown).toHaveLength(1);
  });

  it('sends the occurrence the server named, when it names one', async () => {
    serveNotifications();
    const completions = serveTaskCompletion();
    const worker = fakeServiceWorker();
    await showPush(
      worker.scope,
      JSON.stringify(
        reminderPush({ data: { task_id: 7, due: '2026-12-01T12:00:00.000Z', occurrence: '2026-11-30' } }),
      ),
    );
    const [shown] = worker.shown;
    if (!shown) throw new Error('nothing shown');
    await actOnNotificationClick(worker.scope, clickable(shown), 'done');
    expect(completions[0]?.body).toMatchObject({ occurrence: '2026-11-30' });
  });

  it('snoozes for 10 minutes, once per notification shown', async () => {
    const centre = serveNotifications({ items: [buildNotification({ id: 41 })] });
    const worker = fakeServiceWorker();
    await showPush(worker.scope, JSON.stringify(reminderPush()), 5_000);
    const [shown] = worker.shown;
    if (!shown) throw new Error('nothing shown');
    await actOnNotificationClick(worker.scope, clickable(shown), 'snooze');
    await actOnNotificationClick(worker.scope, clickable(shown), 'snooze');
    expect(centre.state.snoozes).toEqual([{ id: 41, key: 'notification-41-snooze-5000', minutes: 10 }]);
    expect(worker.shown).toHaveLength(1);
  });

  it('says the task was not marked done when the member is signed out, in the language it was shown in', async () => {
    serveNotifications();
    serveTaskCompletion(() => errorResponse(401, 'unauthenticated', 'Sign in'));
    const worker = fakeServiceWorker();
    await showPush(worker.scope, JSON.stringify(reminderPush({ lang: 'es' })));
    const [shown] = worker.shown;
    if (!shown) throw new Error('nothing shown');
    await actOnNotificationClick(worker.scope, clickable(shown), 'done');
    expect(worker.shown[1]).toMatchObject({
      title: 'La tarea no se marcó como hecha',
      options: {
        body: 'Cerraste sesión en Lumara. Ábrela, inicia sesión e inténtalo otra vez.',
        tag: 'lumara-action-failed-41',
      },
    });
  });

  it('says so when offline, and a click on that notice opens the task', async () => {
    const worker = fakeServiceWorker({ onLine: false });
    server.use(http.put('/api/tasks/:id', () => HttpResponse.error()));
    await showPush(worker.scope, JSON.stringify(reminderPush()));
    const [shown] = worker.shown;
    if (!shown) throw new Error('nothing shown');
    await actOnNotificationClick(worker.scope, clickable(shown), 'done');
    const notice = worker.shown[1];
    expect(notice).toMatchObject({
      title: 'The task was not marked done',
      options: { body: 'You are offline. Try again when you are back online.' },
    });
    if (!notice) throw new Error('no notice');
    await actOnNotificationClick(worker.scope, clickable(notice), '');
    expect(worker.opened).toEqual([`${APP_ORIGIN}/?task=7`]);
  });

  it('says the reminder was not snoozed when the server fails', async () => {
    serveNotifications({ items: [buildNotification({ id: 41 })] });
    server.use(
      http.post('/api/notifications/:id/snooze', () => errorResponse(500, 'internal', 'Something broke')),
    );
    const worker = fakeServiceWorker();
    await showPush(worker.scope, JSON.stringify(reminderPush()));
    const [shown] = worker.shown;
    if (!shown) throw new Error('nothing shown');
    await actOnNotificationClick(worker.scope, clickable(shown), 'snooze');
    expect(worker.shown[1]).toMatchObject({
      title: 'The reminder was not snoozed',
      options: { body: 'Lumara could not do it just now. Try again from the app.' },
    });
  });

  it('opens the link in a new window when no tab is open, and marks it read', async () => {
    serveNotifications({ items: [buildNotification({ id: 41 })] });
    const worker = fakeServiceWorker();
    await showPush(worker.scope, JSON.stringify(reminderPush()));
    const [shown] = worker.shown;
    if (!shown) throw new Error('nothing shown');
    await actOnNotificationClick(worker.scope, clickable(shown), '');
    expect(worker.opened).toEqual([`${APP_ORIGIN}/?task=7`]);
    expect(bodiesTo('/api/notifications/read')).toEqual([{ ids: [41] }]);
  });

  it('focuses a tab already on the link, else sends an open tab there', async () => {
    serveNotifications();
    const there = fakeWindow('/?task=7');
    const elsewhere = fakeWindow('/community');
    const first = fakeServiceWorker({ windows: [elsewhere, there] });
    await showPush(first.scope, JSON.stringify(reminderPush()));
    const [shown] = first.shown;
    if (!shown) throw new Error('nothing shown');
    await actOnNotificationClick(first.scope, clickable(shown), '');
    expect(there.focused).toBe(true);
    expect(elsewhere.focused).toBe(false);

    const second = fakeServiceWorker({ windows: [elsewhere] });
    await actOnNotificationClick(second.scope, clickable(shown), '');
    expect(elsewhere.focused).toBe(true);
    expect(elsewhere.navigatedTo).toEqual([`${APP_ORIGIN}/?task=7`]);
    expect(second.opened).toEqual([]);
  });

  it('still sends the tab there when the browser will not bring it to the front', async () => {
    serveNotifications();
    const tab = fakeWindow('/community', { focusAllowed: false });
    const worker = fakeServiceWorker({ windows: [tab] });
    await showPush(worker.scope, JSON.stringify(reminderPush()));
    const [shown] = worker.shown;
    if (!shown) throw new Error('nothing shown');
    await actOnNotificationClick(worker.scope, clickable(shown), '');
    expect(tab.navigatedTo).toEqual([`${APP_ORIGIN}/?task=7`]);
    expect(worker.opened).toEqual([]);
  });

  it('opens a new window when the open tab cannot be sent elsewhere, and never leaves Lumara', async () => {
    serveNotifications();
    const uncontrolled = fakeWindow('/community', { controlled: false });
    const worker = fakeServiceWorker({ windows: [uncontrolled] });
    await showPush(worker.scope, JSON.stringify(reminderPush({ url: 'https://elsewhere.example/phish' })));
    const [shown] = worker.shown;
    if (!shown) throw new Error('nothing shown');
    await actOnNotificationClick(worker.scope, clickable(shown), '');
    expect(worker.opened).toEqual([`${APP_ORIGIN}/`]);
  });
});
