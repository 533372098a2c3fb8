import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { servePomodoro } from '#tests/web-kit/pomodoro/pomodoro-handlers.ts';
import { renderWithTimer } from '#tests/web-kit/pomodoro/render-timer.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { TIMER_STORAGE_KEY } from '../model/timer-storage.ts';
import { FloatingPomodoroWidget } from './floating-pomodoro-widget.tsx';

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function widget() {
  return within(screen.getByRole('region', { name: 'Pomodoro timer' }));
}

function clock() {
  return widget().getByRole('timer').textContent;
}

/** What the browser keeps of the timer, for a reload. */
function stored(): unknown {
  const kept = window.localStorage.getItem(TIMER_STORAGE_KEY);
  return kept === null ? null : JSON.parse(kept);
}

/** Presses a button and lets the change reach every place that shows the timer. */
async function press(button: HTMLElement) {
  fireEvent.click(button);
  await advance(0);
}

class FakeNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  static shown: { title: string; body?: string }[] = [];
  constructor(title: string, options?: NotificationOptions) {
    FakeNotification.shown.push({ title, body: options?.body });
  }
}

describe('FloatingPomodoroWidget', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
    document.title = 'Dashboard · Lumara';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is idle at 25:00, and keeps the member’s timer (time left, running, end) in localStorage while it runs', async () => {
    servePomodoro();
    renderWithTimer(<FloatingPomodoroWidget />);
    expect(clock()).toBe('25:00');
    expect(stored()).toBeNull();

    fireEvent.click(widget().getByRole('button', { name: 'Start timer' }));
    await advance(2000);

    expect(clock()).toBe('24:58');
    expect(stored()).toEqual({
      owner: 1,
      timer: {
        state: 'running',
        session_id: 41,
        duration_minutes: 25,
        ends_at: '2026-03-01T09:25:00.000Z',
        remaining_seconds: 1500,
        task_id: null,
        version: 1,
      },
      finishedRun: null,
    });
  });

  it('resumes after a remount (a reload) with the right time, counting the time the page was away', async () => {
    servePomodoro();
    const first = renderWithTimer(<FloatingPomodoroWidget />);
    fireEvent.click(widget().getByRole('button', { name: 'Start timer' }));
    await advance(5000);
    expect(clock()).toBe('24:55');
    first.unmount();

    act(() => vi.setSystemTime(Date.now() + 60_000));
    renderWithTimer(<FloatingPomodoroWidget />);

    expect(clock()).toBe('23:55');
    expect(widget().getByRole('button', { name: 'Pause timer' })).toBeInTheDocument();
    await advance(1000);
    expect(clock()).toBe('23:54');
  });

  it('resumes a paused timer paused, at its time', async () => {
    servePomodoro();
    const first = renderWithTimer(<FloatingPomodoroWidget />);
    fireEvent.click(widget().getByRole('button', { name: 'Start timer' }));
    await advance(30_000);
    await press(widget().getByRole('button', { name: 'Pause timer' }));
    first.unmount();

    act(() => vi.setSystemTime(Date.now() + 600_000));
    renderWithTimer(<FloatingPomodoroWidget />);
    expect(clock()).toBe('24:30');
    expect(widget().getByRole('button', { name: 'Start timer' })).toBeEnabled();
  });

  it('Reset returns to 25:00 and clears the stored state', async () => {
    servePomodoro();
    renderWithTimer(<FloatingPomodoroWidget />);
    fireEvent.click(widget().getByRole('button', { name: 'Start timer' }));
    await advance(4000);
    expect(stored()).toMatchObject({ timer: { state: 'running' } });

    await press(widget().getByRole('button', { name: 'Reset timer' }));

    expect(clock()).toBe('25:00');
    expect(stored()).toBeNull();
    await advance(5000);
    expect(clock()).toBe('25:00');
  });

  it('shows the countdown in the tab title while it runs and gives the page its title back when it stops', async () => {
    servePomodoro();
    renderWithTimer(<FloatingPomodoroWidget />);
    await press(widget().getByRole('button', { name: 'Start timer' }));
    expect(document.title).toBe('25:00 · Lumara');
    await advance(1000);
    expect(document.title).toBe('24:59 · Lumara');

    // A navigation names the tab after the new page; the countdown stays, the new name is kept for later.
    await act(async () => {
      document.title = 'Settings · Lumara';
    });
    expect(document.title).toBe('24:59 · Lumara');

    await press(widget().getByRole('button', { name: 'Pause timer' }));
    expect(document.title).toBe('Settings · Lumara');
  });

  it('at 0 chimes, notifies when permitted, completes the run and says to take a break', async () => {
    FakeNotification.permission = 'granted';
    FakeNotification.shown = [];
    vi.stubGlobal('Notification', FakeNotification);
    const server = servePomodoro();
    renderWithTimer(<FloatingPomodoroWidget />);

    fireEvent.click(widget().getByRole('button', { name: 'Start timer' }));
    await advance(1_500_000);

    expect(clock()).toBe('00:00');
    expect(widget().getByRole('button', { name: 'Start timer' })).toBeDisabled();
    expect(widget().getByText('Take a 5-minute break')).toBeInTheDocument();
    expect(server.completions().map((r) => r.body)).toEqual(['{"action":"complete","session_id":41}']);
    expect(FakeNotification.shown).toEqual([{ title: 'Pomodoro complete', body: 'Take a 5-minute break' }]);
    expect(document.title).toBe('Dashboard · Lumara');
    // A reload still shows the run it saw end, until Reset.
    await advance(0);
    expect(stored()).toMatchObject({ timer: { state: 'idle', version: 2 }, finishedRun: 'session:41' });
  });

  it('completes on load a run that ended while the page was closed, with its session', async () => {
    const server = servePomodoro();
    server.seedSession(7);
    server.changeElsewhere({
      state: 'running',
      session_id: 7,
      ends_at: new Date(Date.now() - 60_000).toISOString(),
    });

    renderWithTimer(<FloatingPomodoroWidget />);
    await advance(0);

    expect(clock()).toBe('00:00');
    expect(server.completions().map((r) => r.body)).toEqual([
      JSON.stringify({ action: 'complete', session_id: 7, at: '2026-03-01T08:59:00.000Z' }),
    ]);
    expect(server.session(7)?.completed_at).toBe('2026-03-01T08:59:00.000Z');
  });

  it('does not complete again after a reload a run whose completion is still waiting', async () => {
    const server = servePomodoro();
    server.seedSession(7);
    const ended = server.changeElsewhere({
      state: 'running',
      session_id: 7,
      ends_at: new Date(Date.now() - 60_000).toISOString(),
    });
    window.localStorage.setItem(
      TIMER_STORAGE_KEY,
      JSON.stringify({ owner: 1, timer: ended, finishedRun: 'session:7' }),
    );
    renderWithTimer(<FloatingPomodoroWidget />);
    await advance(0);
    expect(clock()).toBe('00:00');
    expect(server.completions()).toEqual([]);
  });

  it('does not resume another member’s timer on a shared browser, and forgets it', async () => {
    const server = servePomodoro();
    const first = renderWithTimer(<FloatingPomodoroWidget />);
    fireEvent.click(widget().getByRole('button', { name: 'Start timer' }));
    await advance(5000);
    first.unmount();
    expect(stored()).toMatchObject({ owner: 1 });

    // The second member's server has no timer of theirs running.
    server.changeElsewhere({ state: 'idle', session_id: null, ends_at: null });
    renderWithTimer(<FloatingPomodoroWidget />, { memberId: 2 });
    expect(clock()).toBe('25:00');
    expect(stored()).toBeNull();
    await advance(1_500_000);
    expect(server.completions()).toHaveLength(0);
  });

  it('asks for notification permission on the first Start only, never on mount', async () => {
    FakeNotification.permission = 'default';
    FakeNotification.requestPermission.mockClear();
    FakeNotification.shown = [];
    vi.stubGlobal('Notification', FakeNotification);
    servePomodoro();
    renderWithTimer(<FloatingPomodoroWidget />);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();

    await press(widget().getByRole('button', { name: 'Start timer' }));
    await press(widget().getByRole('button', { name: 'Pause timer' }));
    await press(widget().getByRole('button', { name: 'Start timer' }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(FakeNotification.shown).toEqual([]);
  });

  it('minimizes to a pill showing the time, expands again, and closes; focus follows the controls', async () => {
    servePomodoro();
    const onClose = vi.fn();
    renderWithTimer(<FloatingPomodoroWidget onClose={onClose} />);

    fireEvent.click(widget().getByRole('button', { name: 'Minimize timer' }));
    const pill = widget().getByRole('button', { name: 'Show pomodoro timer, 25:00' });
    expect(pill).toHaveFocus();
    expect(widget().queryByRole('button', { name: 'Start timer' })).not.toBeInTheDocument();

    fireEvent.click(pill);
    expect(widget().getByRole('button', { name: 'Minimize timer' })).toHaveFocus();

    fireEvent.click(widget().getByRole('button', { name: 'Close timer' }));
    expect(screen.queryByRole('region', { name: 'Pomodoro timer' })).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers no pop-out where the browser has no Document Picture-in-Picture', () => {
    servePomodoro();
    renderWithTimer(<FloatingPomodoroWidget />);
    expect(widget().queryByRole('button', { name: 'Pop out the timer' })).not.toBeInTheDocument();
  });

  it('pops out into its own window, keeps the one timer counting there, and comes back when it closes', async () => {
    servePomodoro();
    // The window the API would open: a frame's window here, a document of its own as a real one has.
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const popped = frame.contentWindow as Window;
    const requestWindow = vi.fn(async () => popped);
    vi.stubGlobal('documentPictureInPicture', { requestWindow });
    renderWithTimer(<FloatingPomodoroWidget />);

    fireEvent.click(widget().getByRole('button', { name: 'Pop out the timer' }));
    await act(async () => {});
    expect(requestWindow).toHaveBeenCalledWith({ width: 320, height: 140 });
    const inWindow = within(popped.document.body);
    expect(inWindow.getByRole('timer').textContent).toBe('25:00');
    fireEvent.click(inWindow.getByRole('button', { name: 'Start timer' }));
    await advance(3000);
    expect(inWindow.getByRole('timer').textContent).toBe('24:57');
    // The page keeps a way back, with the time.
    expect(widget().getByRole('button', { name: 'Bring the timer back, 24:57' })).toBeInTheDocument();

    act(() => {
      popped.dispatchEvent(new Event('pagehide'));
    });
    expect(clock()).toBe('24:57');
    expect(widget().getByRole('button', { name: 'Pause timer' })).toBeInTheDocument();
    frame.remove();
  });

  it('speaks Spanish once the member switches: its controls, the break and the notification', async () => {
    FakeNotification.permission = 'granted';
    FakeNotification.shown = [];
    vi.stubGlobal('Notification', FakeNotification);
    servePomodoro();
    renderWithTimer(<FloatingPomodoroWidget />);
    await act(() => activateLanguage('es'));

    const timer = within(screen.getByRole('region', { name: 'Temporizador pomodoro' }));
    await press(timer.getByRole('button', { name: 'Iniciar temporizador' }));
    expect(timer.getByRole('button', { name: 'Pausar temporizador' })).toHaveAttribute(
      'title',
      'Pausar temporizador',
    );
    await advance(1_500_000);

    expect(timer.getByText('Tómate un descanso de 5 minutos')).toBeInTheDocument();
    expect(timer.getByRole('status')).toHaveTextContent(
      'Pomodoro completado. Tómate un descanso de 5 minutos',
    );
    expect(FakeNotification.shown).toEqual([
      { title: 'Pomodoro completado', body: 'Tómate un descanso de 5 minutos' },
    ]);
    fireEvent.click(timer.getByRole('button', { name: 'Minimizar temporizador' }));
    expect(timer.getByRole('button', { name: 'Mostrar temporizador pomodoro, 00:00' })).toBeInTheDocument();
  });
});
