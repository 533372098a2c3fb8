import { Minus, Pause, PictureInPicture2, Play, RotateCcw, Timer, X } from 'lucide-react';
import { type ReactNode, type Ref, useCallback, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useShortcutAction } from '#web/lib/shortcut-actions.ts';
import { Button, IconButton } from '#web/ui/button.tsx';
import { useCountdownTitle } from '../hooks/use-countdown-title.ts';
import { usePictureInPicture } from '../hooks/use-picture-in-picture.ts';
import { usePomodoroTimer } from '../hooks/use-pomodoro-timer.ts';
import { askNotificationPermissionOnce, breakValues } from '../model/completion-notification.ts';
import { canStart, formatClock } from '../model/countdown.ts';

type View = 'open' | 'minimized' | 'closed';

/** On a phone the widget starts as the small pill, so it covers as little of the page as it can. */
function initialView(): View {
  const small = typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 639px)').matches;
  return small ? 'minimized' : 'open';
}

/** One of the widget's icon actions, its name shown as a tooltip too. */
function TimerButton({
  label,
  onClick,
  disabled,
  children,
  buttonRef,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <IconButton
      ref={buttonRef}
      label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="grid size-11 shrink-0 place-items-center rounded-full text-(--ink) hover:bg-(--surface-strong) disabled:cursor-not-allowed disabled:opacity-50"
    >
      {children}
    </IconButton>
  );
}

type FloatingPomodoroWidgetProps = {
  /** Called after Close, so the shell can give keyboard focus a sensible place. */
  onClose?: () => void;
};

/**
 * On every signed-in page while the member's switch is on: the member's one timer (PomodoroTimerProvider), the
 * same as the focus card's and their other devices'. A reload shows it where it was (and completes it, if it
 * ended while the page was closed).
 *
 * Close hides it until the next page load (or until the switch is turned off and on again, which remounts
 * it); the timer itself keeps running while hidden, so the chime, the notification and the tab title still
 * come at 0.
 */
export function FloatingPomodoroWidget({ onClose }: FloatingPomodoroWidgetProps) {
  const t = useT();
  const { countdown, start, pause, reset } = usePomodoroTimer();
  const [view, setView] = useState<View>(initialView);
  const running = countdown.status === 'running';
  const complete = countdown.status === 'complete';
  const clock = formatClock(countdown.secondsLeft);
  const breakText = t('pomodoro.timer.break', breakValues);

  useCountdownTitle(countdown.secondsLeft, running);

  // Minimize and the pill swap places under the finger or key that pressed them: whichever of the two mounts
  // after a press takes keyboard focus, so it is not lost to the page.
  const focusNextToggle = useRef(false);
  const takeFocusIfAsked = useCallback((button: HTMLButtonElement | null) => {
    if (!button || !focusNextToggle.current) return;
    focusNextToggle.current = false;
    button.focus();
  }, []);
  function changeView(next: View) {
    focusNextToggle.current = true;
    setView(next);
  }

  function handleStart() {
    askNotificationPermissionOnce();
    start();
  }

  // The `t` shortcut, where no page timer answers it first: a closed widget opens to show what started.
  useShortcutAction('toggle-timer', () => {
    if (view === 'closed') setView('open');
    if (running) pause();
    else if (canStart(countdown)) handleStart();
  });

  const popOut = usePictureInPicture();

  if (view === 'closed') return null;

  const controls = (
    <>
      <div className="mr-1 flex min-w-[4.75rem] flex-col leading-tight">
        <span className="text-xs font-semibold tracking-wide text-(--ink-muted) uppercase">
          {t('pomodoro.widget.name')}
        </span>
        <span role="timer" aria-atomic="true" className="text-2xl font-bold text-(--ink) tabular-nums">
          {clock}
        </span>
      </div>
      {running ? (
        <TimerButton label={t('pomodoro.widget.pause')} onClick={pause}>
          <Pause aria-hidden="true" className="size-5" />
        </TimerButton>
      ) : (
        <TimerButton label={t('pomodoro.widget.start')} onClick={handleStart} disabled={!canStart(countdown)}>
          <Play aria-hidden="true" className="size-5" />
        </TimerButton>
      )}
      <TimerButton label={t('pomodoro.widget.reset')} onClick={reset}>
        <RotateCcw aria-hidden="true" className="size-5" />
      </TimerButton>
    </>
  );

  // Popped out: the same timer in its own always-on-top window, and a way back here until it closes.
  if (popOut.window) {
    return (
      <section
        aria-label={t('pomodoro.widget.label')}
        className="fixed right-3 bottom-3 z-30 max-w-[calc(100vw-1.5rem)] sm:right-6 sm:bottom-6"
      >
        <Button
          variant="bare"
          // The visible time in the name too (WCAG 2.5.3).
          aria-label={t('pomodoro.widget.bringBackWithTime', { clock })}
          onClick={popOut.close}
          className="glass flex min-h-11 items-center gap-2 rounded-full bg-(--surface-strong) px-4 py-2 font-semibold text-(--ink) shadow-lg"
        >
          <Timer aria-hidden="true" className="size-5 text-(--accent)" />
          <span className="tabular-nums">{clock}</span>
          <span>{t('pomodoro.widget.bringBack')}</span>
        </Button>
        {createPortal(
          <section aria-label={t('pomodoro.widget.label')} className="flex flex-col gap-1 p-3">
            <div className="flex items-center gap-1">{controls}</div>
            {complete ? <p className="text-sm font-medium text-(--ink)">{breakText}</p> : null}
          </section>,
          popOut.window.document.body,
        )}
      </section>
    );
  }

  return (
    <section
      aria-label={t('pomodoro.widget.label')}
      className="fixed right-3 bottom-3 z-30 max-w-[calc(100vw-1.5rem)] sm:right-6 sm:bottom-6"
    >
      {view === 'minimized' ? (
        <Button
          variant="bare"
          ref={takeFocusIfAsked}
          // Names it by what it does and keeps the visible time in the name (WCAG 2.5.3).
          aria-label={t('pomodoro.widget.show', { clock })}
          onClick={() => changeView('open')}
          className="glass flex min-h-11 items-center gap-2 rounded-full bg-(--surface-strong) px-4 py-2 font-semibold text-(--ink) shadow-lg"
        >
          <Timer aria-hidden="true" className="size-5 text-(--accent)" />
          <span className="tabular-nums">{clock}</span>
          {running ? <span aria-hidden="true" className="size-2 rounded-full bg-(--accent)" /> : null}
        </Button>
      ) : (
        <div className="glass flex flex-col gap-1 rounded-3xl bg-(--surface-strong) py-2 pr-2 pl-4 shadow-lg">
          <div className="flex items-center gap-1">
            {controls}
            {popOut.supported ? (
              <TimerButton label={t('pomodoro.widget.popOut')} onClick={() => void popOut.open()}>
                <PictureInPicture2 aria-hidden="true" className="size-5" />
              </TimerButton>
            ) : null}
            <TimerButton
              label={t('pomodoro.widget.minimize')}
              buttonRef={takeFocusIfAsked}
              onClick={() => changeView('minimized')}
            >
              <Minus aria-hidden="true" className="size-5" />
            </TimerButton>
            <TimerButton
              label={t('pomodoro.widget.close')}
              onClick={() => {
                setView('closed');
                onClose?.();
              }}
            >
              <X aria-hidden="true" className="size-5" />
            </TimerButton>
          </div>
          {complete ? <p className="pb-1 text-sm font-medium text-(--ink)">{breakText}</p> : null}
        </div>
      )}
      <p role="status" className="sr-only">
        {complete ? t('pomodoro.widget.completeStatus', breakValues) : ''}
      </p>
    </section>
  );
}
