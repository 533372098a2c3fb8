import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useDashboardStats } from '#web/features/dashboard/api/get-dashboard-stats.ts';
import { AmbientSoundControls } from '#web/features/pomodoro/components/ambient-sound-controls.tsx';
import { FocusModeToolbar } from '#web/features/pomodoro/components/focus-mode-toolbar.tsx';
import { FocusSessionStats } from '#web/features/pomodoro/components/focus-session-stats.tsx';
import { FocusTimerCard } from '#web/features/pomodoro/components/focus-timer-card.tsx';
import { useFullscreen } from '#web/features/pomodoro/hooks/use-fullscreen.ts';
import { TaskListCard } from '#web/features/tasks/components/task-list-card.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { PageHeader } from '#web/ui/page-header.tsx';

/**
 * The timer, the task list, today's completed sessions, ambient sound, full screen and
 * a way out. Full screen takes this page alone (not the navigation), which is the point of focus mode.
 */
export function FocusPage() {
  const t = useT();
  const rootRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(rootRef);
  const stats = useDashboardStats();
  const navigate = useNavigate();
  const location = useLocation();

  async function exitFocusMode() {
    await fullscreen.exit();
    // 'default' is the key of the entry the app was loaded on: there is nothing of ours to go back to.
    if (location.key === 'default') navigate('/');
    else navigate(-1);
  }

  return (
    <div
      ref={rootRef}
      className="flex flex-col gap-6 [&:fullscreen]:overflow-y-auto [&:fullscreen]:bg-(--page-bg) [&:fullscreen]:bg-(image:--backdrop) [&:fullscreen]:p-6 sm:[&:fullscreen]:p-10"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <PageHeader title={t('app.focus.title')}>{t('app.focus.intro')}</PageHeader>
        <FocusModeToolbar
          fullscreen={fullscreen.active}
          fullscreenRefused={fullscreen.refused}
          onToggleFullscreen={() => void fullscreen.toggle()}
          onExit={() => void exitFocusMode()}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)]">
        <FocusTimerCard />
        <div className="flex flex-col gap-6">
          <FocusSessionStats completed={stats.data?.pomodoros_today ?? null} />
          <AmbientSoundControls />
        </div>
      </div>
      <TaskListCard />
    </div>
  );
}
