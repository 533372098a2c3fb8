import type { ReactElement } from 'react';
import { renderWithQuery } from '#tests/web-kit/render-with-query.tsx';
import { PomodoroTimerProvider } from '#web/features/pomodoro/components/pomodoro-timer-provider.tsx';

/** A timer component with the member's one timer above it, as the app shell mounts it. */
export function renderWithTimer(ui: ReactElement, { memberId = 1 }: { memberId?: number } = {}) {
  return renderWithQuery(<PomodoroTimerProvider memberId={memberId}>{ui}</PomodoroTimerProvider>);
}
