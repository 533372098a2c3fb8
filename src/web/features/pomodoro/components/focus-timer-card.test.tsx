import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import { servePomodoro } from '#tests/web-kit/pomodoro/pomodoro-handlers.ts';
import { renderWithQuery } from '#tests/web-kit/render-with-query.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';
import { FocusTimerCard } from './focus-timer-card.tsx';

/** The message shown when the timer reaches 0. */
const completionText = 'Timer kissed complete. Tiny win, big energy. ✨';

/** Runs the fake clock and timers forward, letting answered requests settle in between. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function clock() {
  return screen.getByRole('timer').textContent;
}

describe('FocusTimerCard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at 25:00 and counts down one second per tick', async () => {
    servePomodoro();
    renderWithQuery(<FocusTimerCard />);
    expect(clock()).toBe('25:00');

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await advance(1000);
    expect(clock()).toBe('24:59');
    await advance(59_000);
    expect(clock()).toBe('24:00');
  });

  it('stays exact after a throttled gap: ten minutes without ticks take 600 s off', async () => {
    servePomodoro();
    renderWithQuery(<FocusTimerCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
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

  it('records a 25-minute session when it starts, with the browser time zone, but not when it resumes', async () => {
    const server = servePomodoro();
    renderWithQuery(<FocusTimerCard />);

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(clock()).toBe('24:57');
    await advance(10_000);
    expect(clock()).toBe('24:57');
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await advance(1000);
    expect(clock()).toBe('24:56');

    expect(server.starts()).toHaveLength(1);
    expect(JSON.parse(server.starts()[0]?.body ?? '')).toEqual({
      duration_minutes: 25,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // Named by a key of its own: sent again, the server answers this session instead of recording another.
    expect(server.starts()[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('at 0 stops, shows the completion texts, marks the posted session complete and refreshes stats and badges', async () => {
    const server = servePomodoro();
    const onComplete = vi.fn();
    const { queryClient } = renderWithQuery(<FocusTimerCard onComplete={onComplete} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await advance(1_499_000);
    expect(clock()).toBe('00:01');
    expect(screen.queryByText(completionText)).not.toBeInTheDocument();

    await advance(1000);
    expect(clock()).toBe('00:00');
    expect(screen.getByRole('status')).toHaveTextContent(completionText);
    expect(screen.getByText('Timer kissed complete. Tiny win, big energy. ✨')).toBeInTheDocument();
    expect(screen.getByText('Take a 5-minute break')).toBeInTheDocument();
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(server.completions().map((r) => r.path)).toEqual(['/api/pomodoro/41/complete']);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.dashboardStats });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.badges });

    // Stopped: no further ticks, nothing more sent.
    await advance(60_000);
    expect(clock()).toBe('00:00');
    expect(server.completions()).toHaveLength(1);
  });

  it('disables Start at 0, and Reset restores 25:00 and a fresh session', async () => {
    const server = servePomodoro();
    renderWithQuery(<FocusTimerCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await advance(1_500_000);

    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(server.starts()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(clock()).toBe('25:00');
    expect(screen.queryByText(completionText)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await advance(1000);
    expect(server.starts()).toHaveLength(2);
  });

  it('Reset while running stops the clock and never completes that session', async () => {
    const server = servePomodoro();
    renderWithQuery(<FocusTimerCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await advance(10_000);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(clock()).toBe('25:00');
    await advance(1_500_000);
    expect(clock()).toBe('25:00');
    expect(server.completions()).toHaveLength(0);
  });

  it('only logs a failed start; the timer runs and completes without a session to mark', async () => {
    const server = servePomodoro({ startFails: true });
    renderWithQuery(<FocusTimerCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await advance(1000);
    expect(takeConsoleErrors()).toEqual([
      'error: Failed to record the pomodoro session: The database is not answering',
    ]);
    await advance(1_499_000);
    expect(screen.getByText(completionText)).toBeInTheDocument();
    expect(server.completions()).toHaveLength(0);
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
    try {
      renderWithQuery(<FocusTimerCard />);
      fireEvent.click(screen.getByRole('button', { name: 'Start' }));
      expect(started).toHaveLength(0);
      await advance(1_500_000);
      expect(started.length).toBeGreaterThanOrEqual(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
