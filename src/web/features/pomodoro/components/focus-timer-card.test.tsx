import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { FakeEventSource } from '#tests/web-kit/community/fake-event-source.ts';
import { servePomodoro } from '#tests/web-kit/pomodoro/pomodoro-handlers.ts';
import { renderWithTimer } from '#tests/web-kit/pomodoro/render-timer.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';
import { FloatingPomodoroWidget } from './floating-pomodoro-widget.tsx';
import { FocusTimerCard } from './focus-timer-card.tsx';

/** The message shown when the timer reaches 0. */
const completionText = 'Timer kissed complete. Tiny win, big energy. ✨';

/** Runs the fake clock and timers forward, letting answered requests settle in between. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function card() {
  return within(screen.getByRole('region', { name: 'Focus timer' }));
}

function clock() {
  return card().getByRole('timer').textContent;
}

/** Another device's change, as the member's live stream delivers it. */
async function announce(timer: unknown) {
  act(() => {
    FakeEventSource.current()?.emit('pomodoro.timer', timer);
  });
  await advance(0);
}

/** Presses a button and lets the change reach every place that shows the timer. */
async function press(button: HTMLElement) {
  fireEvent.click(button);
  await advance(0);
}

describe('FocusTimerCard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    onlineManager.setOnline(true);
  });

  it('starts at 25:00 and counts down one second per tick', async () => {
    servePomodoro();
    renderWithTimer(<FocusTimerCard />);
    await advance(0);
    expect(clock()).toBe('25:00');

    fireEvent.click(card().getByRole('button', { name: 'Start' }));
    await advance(1000);
    expect(clock()).toBe('24:59');
    await advance(59_000);
    expect(clock()).toBe('24:00');
  });

  it('stays exact after a throttled gap: ten minutes without ticks take 600 s off', async () => {
    servePomodoro();
    renderWithTimer(<FocusTimerCard />);
    fireEvent.click(card().getByRole('button', { name: 'Start' }));
    await advance(5000);
    expect(clock()).toBe('24:55');

    // The browser ran no timer for ten minutes (a hidden tab); the clock moved on regardless.
    act(() => vi.setSystemTime(Date.now() + 600_000));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(clock()).toBe('14:55');

    // And the next tick, wherever it lands, is still exact.
    act(() => vi.setSystemTime(Date.now() + 120_000));
    await advance(1000);
    expect(clock()).toBe('12:54');
  });

  it('starts the member’s timer for 25 minutes in the browser time zone, and pauses and resumes that run', async () => {
    const server = servePomodoro();
    renderWithTimer(<FocusTimerCard />);

    fireEvent.click(card().getByRole('button', { name: 'Start' }));
    await advance(3000);
    await press(card().getByRole('button', { name: 'Pause' }));
    expect(clock()).toBe('24:57');
    expect(card().getByText('Paused')).toBeInTheDocument();
    await advance(10_000);
    expect(clock()).toBe('24:57');
    fireEvent.click(card().getByRole('button', { name: 'Start' }));
    await advance(1000);
    expect(clock()).toBe('24:56');

    expect(server.actions()).toEqual([
      {
        action: 'start',
        duration_minutes: 25,
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
      { action: 'pause', session_id: 41 },
      { action: 'resume', session_id: 41 },
    ]);
    // Named by a key of its own: sent again, the server records no second run.
    expect(server.starts()[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.timer()).toMatchObject({ state: 'running', session_id: 41, remaining_seconds: 1496 });
  });

  it('at 0 stops, shows the completion texts, completes the run and refreshes stats and badges', async () => {
    const server = servePomodoro();
    const onComplete = vi.fn();
    const { queryClient } = renderWithTimer(<FocusTimerCard onComplete={onComplete} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    fireEvent.click(card().getByRole('button', { name: 'Start' }));
    await advance(1_499_000);
    expect(clock()).toBe('00:01');
    expect(screen.queryByText(completionText)).not.toBeInTheDocument();

    await advance(1000);
    expect(clock()).toBe('00:00');
    expect(card().getByRole('status')).toHaveTextContent(completionText);
    expect(screen.getByText('Take a 5-minute break')).toBeInTheDocument();
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(server.actions().at(-1)).toEqual({ action: 'complete', session_id: 41 });
    expect(server.session(41)?.completed_at).toBe('2026-03-01T09:25:00.000Z');
    expect(server.timer().state).toBe('idle');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.dashboardStats });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.badges });

    // Stopped: no further ticks, nothing more sent.
    await advance(60_000);
    expect(clock()).toBe('00:00');
    expect(server.completions()).toHaveLength(1);
  });

  it('disables Start at 0, and Reset restores 25:00 and a fresh run', async () => {
    const server = servePomodoro();
    renderWithTimer(<FocusTimerCard />);
    fireEvent.click(card().getByRole('button', { name: 'Start' }));
    await advance(1_500_000);

    expect(card().getByRole('button', { name: 'Start' })).toBeDisabled();
    fireEvent.click(card().getByRole('button', { name: 'Start' }));
    expect(server.starts()).toHaveLength(1);

    await press(card().getByRole('button', { name: 'Reset' }));
    expect(clock()).toBe('25:00');
    expect(screen.queryByText(completionText)).not.toBeInTheDocument();
    expect(card().getByRole('button', { name: 'Start' })).toBeEnabled();
    // The run had ended: nothing to reset on the server.
    expect(server.actions().map((body) => body.action)).toEqual(['start', 'complete']);

    fireEvent.click(card().getByRole('button', { name: 'Start' }));
    await advance(1000);
    expect(server.starts()).toHaveLength(2);
    expect(server.timer()).toMatchObject({ state: 'running', session_id: 42 });
  });

  it('Reset while running ends the run on the server and never completes it', async () => {
    const server = servePomodoro();
    renderWithTimer(<FocusTimerCard />);
    fireEvent.click(card().getByRole('button', { name: 'Start' }));
    await advance(10_000);
    await press(card().getByRole('button', { name: 'Reset' }));
    expect(clock()).toBe('25:00');
    await advance(1_500_000);
    expect(clock()).toBe('25:00');
    expect(server.actions().map((body) => body.action)).toEqual(['start', 'reset']);
    expect(server.session(41)?.completed_at).toBeNull();
  });

  it('only logs a start the server refuses, and shows the timer as the server holds it', async () => {
    servePomodoro({ startFails: true });
    renderWithTimer(<FocusTimerCard />);
    fireEvent.click(card().getByRole('button', { name: 'Start' }));
    // It counts while the start is tried again.
    await advance(1000);
    expect(clock()).toBe('24:59');
    await advance(10_000);
    expect(takeConsoleErrors()).toEqual([
      'error: Failed to start the focus timer: The database is not answering',
    ]);
    expect(clock()).toBe('25:00');
    expect(card().getByRole('button', { name: 'Start' })).toBeEnabled();
  });

  it('plays a synthesized chime at 0', async () => {
    servePomodoro();
    const started: number[] = [];
    class FakeAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      resume = () => Promise.resolve();
      createGain = () => ({
        gain: { setValueAtTime() {}, linearRampToValueAtTime() {}, exponentialRampToValueAtTime() {} },
        connect() {},
        disconnect() {},
      });
      createOscillator = () => ({
        type: 'sine',
        frequency: { value: 0 },
        connect() {},
        start: (at: number) => started.push(at),
        stop() {},
        onended: null,
      });
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    renderWithTimer(<FocusTimerCard />);
    fireEvent.click(card().getByRole('button', { name: 'Start' }));
    expect(started).toHaveLength(0);
    await advance(1_500_000);
    expect(started.length).toBeGreaterThanOrEqual(2);
  });
});

describe('one timer on every device', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
    FakeEventSource.reset();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    onlineManager.setOnline(true);
  });

  it('shows a run another device started, paused and reset, from the live events, and keeps the newest', async () => {
    const server = servePomodoro();
    renderWithTimer(<FocusTimerCard />);
    await advance(0);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(clock()).toBe('25:00');

    const started = server.changeElsewhere({
      state: 'running',
      session_id: 7,
      ends_at: new Date(Date.now() + 1_200_000).toISOString(),
    });
    await announce(started);
    expect(clock()).toBe('20:00');
    await advance(1000);
    expect(clock()).toBe('19:59');
    expect(card().getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    const paused = server.changeElsewhere({ state: 'paused', ends_at: null, remaining_seconds: 1199 });
    await announce(paused);
    expect(clock()).toBe('19:59');
    expect(card().getByText('Paused')).toBeInTheDocument();
    // An older change arriving late (from another server) changes nothing.
    await announce(started);
    expect(clock()).toBe('19:59');
    expect(card().getByText('Paused')).toBeInTheDocument();

    await announce(server.changeElsewhere({ state: 'idle', session_id: null, remaining_seconds: null }));
    expect(clock()).toBe('25:00');
    expect(screen.queryByText(completionText)).not.toBeInTheDocument();
    // Nothing was sent from here, and nothing polled.
    expect(server.actions()).toEqual([]);
  });

  it('shows a run completed on another device as complete here too, when it was at its end', async () => {
    const server = servePomodoro();
    renderWithTimer(<FocusTimerCard />);
    await advance(0);
    await announce(
      server.changeElsewhere({
        state: 'running',
        session_id: 7,
        ends_at: new Date(Date.now() + 3000).toISOString(),
      }),
    );
    await advance(2500);
    expect(clock()).toBe('00:01');
    await announce(server.changeElsewhere({ state: 'idle', session_id: null, ends_at: null }));
    expect(clock()).toBe('00:00');
    expect(card().getByRole('status')).toHaveTextContent(completionText);
    await advance(5000);
    // The other device completed it: nothing sent from here.
    expect(server.completions()).toHaveLength(0);
  });

  it('reads the timer again when the live stream comes back after a break', async () => {
    const server = servePomodoro();
    renderWithTimer(<FocusTimerCard />);
    await advance(0);
    FakeEventSource.current()?.emit('ready', {});
    // Changed while this tab heard nothing.
    server.changeElsewhere({
      state: 'running',
      session_id: 9,
      ends_at: new Date(Date.now() + 600_000).toISOString(),
    });
    act(() => {
      FakeEventSource.current()?.emit('ready', {});
    });
    await advance(0);
    expect(clock()).toBe('10:00');
  });

  it('is one timer in the card and the widget: one start, one completion, one chime', async () => {
    const server = servePomodoro();
    const onComplete = vi.fn();
    renderWithTimer(
      <>
        <FocusTimerCard onComplete={onComplete} />
        <FloatingPomodoroWidget />
      </>,
    );
    const widget = within(screen.getByRole('region', { name: 'Pomodoro timer' }));
    fireEvent.click(widget.getByRole('button', { name: 'Start timer' }));
    await advance(2000);
    expect(clock()).toBe('24:58');
    expect(widget.getByRole('timer').textContent).toBe('24:58');
    await press(card().getByRole('button', { name: 'Pause' }));
    expect(widget.getByRole('timer').textContent).toBe('24:58');
    expect(widget.getByRole('button', { name: 'Start timer' })).toBeInTheDocument();
    fireEvent.click(widget.getByRole('button', { name: 'Start timer' }));
    await advance(1_498_000);
    expect(clock()).toBe('00:00');
    expect(widget.getByRole('timer').textContent).toBe('00:00');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(server.actions().map((body) => body.action)).toEqual(['start', 'pause', 'resume', 'complete']);
  });

  it('keeps counting offline, and sends the start when back online dated when it was made', async () => {
    const server = servePomodoro();
    renderWithTimer(<FocusTimerCard />);
    await advance(0);
    act(() => onlineManager.setOnline(false));
    const startedAt = Date.now();
    fireEvent.click(card().getByRole('button', { name: 'Start' }));
    await advance(60_000);
    expect(clock()).toBe('24:00');
    expect(server.actions()).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await advance(0);
    expect(server.actions()).toEqual([
      expect.objectContaining({ action: 'start', at: new Date(startedAt).toISOString() }),
    ]);
    // The server's run ends when this one does: the time shown does not jump.
    expect(server.timer().ends_at).toBe(new Date(startedAt + 1_500_000).toISOString());
    expect(clock()).toBe('24:00');
  });
});
