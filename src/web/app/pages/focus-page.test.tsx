import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from '#tests/factories/build-user.ts';
import { userAnswer } from '#tests/web-kit/auth/auth-handlers.ts';
import { emptyMemberDataHandlers } from '#tests/web-kit/member-data-handlers.ts';
import { server } from '#tests/web-kit/msw-server.ts';
import { servePomodoro } from '#tests/web-kit/pomodoro/pomodoro-handlers.ts';
import { preloadPages } from '#tests/web-kit/preload-pages.ts';
import { renderApp } from '#tests/web-kit/render-app.tsx';

function stubFocus() {
  server.use(
    http.get('/api/users/me', () => userAnswer(buildUser())),
    http.get('/api/dashboard/stats', () =>
      HttpResponse.json({ tasks_today: 0, pomodoros_today: 3, streak_days: 1, badges: 0 }),
    ),
    ...emptyMemberDataHandlers(),
  );
}

function sessionStat(label: string) {
  const panel = screen.getByRole('region', { name: 'Session stats' });
  return within(panel).getByText(label).parentElement?.querySelector('dd')?.textContent;
}

beforeAll(preloadPages, 30_000);

describe('FocusPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has the timer, the task list, today’s completed sessions, 25m, the sounds with Mute and the controls', async () => {
    stubFocus();
    renderApp('/focus');

    expect(await screen.findByRole('heading', { level: 1, name: 'Focus' })).toBeInTheDocument();
    const timerCard = screen.getByRole('region', { name: 'Focus timer' });
    expect(within(timerCard).getByRole('timer')).toHaveTextContent('25:00');
    expect(screen.getByRole('region', { name: 'Tasks' })).toBeInTheDocument();
    await waitFor(() => expect(sessionStat('Completed')).toBe('3'));
    expect(sessionStat('Duration')).toBe('25m');
    for (const name of ['Rain', 'Forest', 'Cafe', 'Mute']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(screen.getByRole('button', { name: 'Full screen' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Exit focus mode' })).toBeInTheDocument();
  });

  it('shows the one timer in the card and the floating widget: started in one, running in both', async () => {
    stubFocus();
    const app = renderApp('/focus');
    expect(await screen.findByRole('heading', { level: 1, name: 'Focus' })).toBeInTheDocument();
    const pomodoro = servePomodoro();
    const timerCard = screen.getByRole('region', { name: 'Focus timer' });
    const widget = screen.getByRole('region', { name: 'Pomodoro timer' });
    await app.user.click(within(timerCard).getByRole('button', { name: 'Start' }));
    expect(await within(widget).findByRole('button', { name: 'Pause timer' })).toBeInTheDocument();
    await app.user.click(within(widget).getByRole('button', { name: 'Pause timer' }));
    expect(await within(timerCard).findByText('Paused')).toBeInTheDocument();
    expect(within(widget).getByRole('timer').textContent).toBe(
      within(timerCard).getByRole('timer').textContent,
    );
    await waitFor(() => expect(pomodoro.timer().state).toBe('paused'));
    expect(pomodoro.actions().map((body) => body.action)).toEqual(['start', 'pause']);
  });

  it('toggles the sound buttons one at a time', async () => {
    stubFocus();
    const app = renderApp('/focus');
    await app.user.click(await screen.findByRole('button', { name: 'Rain' }));
    expect(screen.getByRole('button', { name: 'Rain' })).toHaveAttribute('aria-pressed', 'true');
    await app.user.click(screen.getByRole('button', { name: 'Cafe' }));
    expect(screen.getByRole('button', { name: 'Rain' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Cafe' })).toHaveAttribute('aria-pressed', 'true');
    await app.user.click(screen.getByRole('button', { name: 'Cafe' }));
    expect(screen.getByRole('button', { name: 'Cafe' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('Exit goes back to the page before', async () => {
    stubFocus();
    const app = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await act(() => app.router.navigate('/focus'));
    await app.user.click(await screen.findByRole('button', { name: 'Exit focus mode' }));
    await waitFor(() => expect(app.pathname()).toBe('/settings'));
  });

  it('Exit goes to the dashboard when the app was opened on /focus', async () => {
    stubFocus();
    const app = renderApp('/focus');
    await app.user.click(await screen.findByRole('button', { name: 'Exit focus mode' }));
    await waitFor(() => expect(app.pathname()).toBe('/'));
  });

  it('says so when the browser refuses full screen', async () => {
    stubFocus();
    const app = renderApp('/focus');
    await app.user.click(await screen.findByRole('button', { name: 'Full screen' }));
    expect(await screen.findByText('Full screen is not available here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Full screen' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('puts the focus page alone in full screen, and takes it out again', async () => {
    let fullscreenElement: Element | null = null;
    // jsdom has no Fullscreen API: a small stand-in with the same events.
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => true });
    Object.defineProperty(document, 'fullscreenElement', {
      configurable: true,
      get: () => fullscreenElement,
    });
    const request = vi.fn(async function (this: Element) {
      fullscreenElement = this;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    HTMLElement.prototype.requestFullscreen = request;
    document.exitFullscreen = vi.fn(async () => {
      fullscreenElement = null;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    try {
      stubFocus();
      const app = renderApp('/focus');
      const toggle = await screen.findByRole('button', { name: 'Full screen' });
      await app.user.click(toggle);
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      expect(fullscreenElement).toContainElement(screen.getByRole('heading', { level: 1, name: 'Focus' }));
      expect(fullscreenElement).not.toContainElement(screen.getAllByRole('navigation')[0] as HTMLElement);

      await app.user.click(toggle);
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
    } finally {
      for (const key of ['fullscreenEnabled', 'fullscreenElement', 'exitFullscreen']) {
        Reflect.deleteProperty(document, key);
      }
      Reflect.deleteProperty(HTMLElement.prototype, 'requestFullscreen');
    }
  });
});
