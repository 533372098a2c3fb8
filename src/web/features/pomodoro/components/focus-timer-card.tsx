import { Pause, Play, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useShortcutHint } from '#web/lib/keyboard-shortcuts-preference.ts';
import { useShortcutAction } from '#web/lib/shortcut-actions.ts';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { usePomodoroTimer, useTimerCompletion } from '../hooks/use-pomodoro-timer.ts';
import { breakValues } from '../model/completion-notification.ts';
import { canStart, formatClock } from '../model/countdown.ts';
import { TimerRing } from './timer-ring.tsx';

type FocusTimerCardProps = {
  /** After the sound, as the session is being marked complete (each time this tab sees a run reach 0). */
  onComplete?: () => void;
  className?: string;
};

/**
 * Idle, running, paused, reset; 1500 s at a 1 s tick. The member's one timer (PomodoroTimerProvider): starting
 * (not resuming) records a 25-minute session; at 0 it stops, chimes, marks the session complete and suggests a
 * break, and the floating widget and the member's other devices show the same.
 */
export function FocusTimerCard({ onComplete, className = '' }: FocusTimerCardProps) {
  const t = useT();
  const headingId = useId();
  const { timer, countdown, start, pause, reset } = usePomodoroTimer();
  useTimerCompletion(onComplete);
  const running = countdown.status === 'running';
  const complete = countdown.status === 'complete';

  const timerHint = useShortcutHint(t('pomodoro.timer.startOrPause'), { aria: 't', hint: 't' });
  // The `t` shortcut; on the focus page this timer answers it before the floating one.
  useShortcutAction(
    'toggle-timer',
    () => {
      if (running) pause();
      else if (canStart(countdown)) start();
    },
    1,
  );

  return (
    <GlassPanel
      aria-labelledby={headingId}
      className={`flex flex-col items-center gap-5 text-center ${className}`}
    >
      <h2 id={headingId} className="self-start text-xl font-bold text-(--ink)">
        {t('pomodoro.timer.heading')}
      </h2>
      <div className="relative grid size-56 place-items-center sm:size-64">
        <TimerRing
          fraction={countdown.secondsLeft / (timer.duration_minutes * 60)}
          className="absolute inset-0 size-full"
        />
        <div className="flex flex-col items-center">
          <p
            role="timer"
            aria-atomic="true"
            className="text-5xl font-bold text-(--ink) tabular-nums sm:text-6xl"
          >
            {formatClock(countdown.secondsLeft)}
          </p>
          <p className="min-h-6 text-sm font-medium text-(--ink-muted)">
            {countdown.status === 'paused'
              ? t('pomodoro.timer.paused')
              : running
                ? t('pomodoro.timer.focusing')
                : ''}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        {running ? (
          <Button onClick={pause} {...timerHint}>
            <Pause aria-hidden="true" className="size-5" />
            {t('pomodoro.timer.pause')}
          </Button>
        ) : (
          <Button onClick={start} disabled={!canStart(countdown)} {...timerHint}>
            <Play aria-hidden="true" className="size-5" />
            {t('pomodoro.timer.start')}
          </Button>
        )}
        <Button variant="secondary" onClick={reset}>
          <RotateCcw aria-hidden="true" className="size-5" />
          {t('pomodoro.timer.reset')}
        </Button>
      </div>
      {/* Always in the page, so screen readers announce the texts when they appear. */}
      <div role="status" className="flex min-h-14 flex-col gap-1">
        {complete ? (
          <>
            <p className="font-semibold text-(--accent-strong)">{t('pomodoro.timer.complete')}</p>
            <p className="text-(--ink)">{t('pomodoro.timer.break', breakValues)}</p>
          </>
        ) : null}
      </div>
    </GlassPanel>
  );
}
