import { BadgesPanel } from '#web/features/badges/components/badges-panel.tsx';
import { WeekCalendarPanel } from '#web/features/calendar/components/week-calendar-panel.tsx';
import { StatCards } from '#web/features/dashboard/components/stat-cards.tsx';
import { WelcomeHeader } from '#web/features/dashboard/components/welcome-header.tsx';
import { RecentCreationsCard } from '#web/features/media/components/recent-creations-card.tsx';
import { MusicPlayerCard } from '#web/features/music/components/music-player-card.tsx';
import { memberTimeZone, useProfileMe } from '#web/features/profile/api/get-profile-me.ts';
import { ProfileCard } from '#web/features/profile/components/profile-card.tsx';
import { TasksCard } from '#web/features/tasks/components/tasks-card.tsx';
import { ThemePickerCompact } from '#web/features/themes/components/theme-picker-compact.tsx';
import { WidgetsSection } from '#web/features/widgets/components/widgets-section.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useIdParam } from '#web/lib/use-id-param.ts';
import { PageHeader } from '#web/ui/page-header.tsx';
import { useDashboardFirstLoad } from './dashboard-first-load.ts';

/**
 * Greeting with the compact theme picker, the four stat cards, Your Tasks,
 * the profile card, the compact badges and the week calendar, the Music Player, Recent Creations and
 * the widgets.
 */
export function DashboardPage() {
  const t = useT();
  // Every card's first answer comes in one call; the cards mount once it is filed (or failed: they load themselves).
  const firstLoad = useDashboardFirstLoad();
  // The calendar waits for the profile, which names the member's zone (the browser's if they saved none).
  const profile = useProfileMe();
  const calendarZone = profile.isPending ? null : memberTimeZone(profile.data);
  return (
    <>
      <PageHeader title={t('app.dashboard.title')} />
      <div className="flex flex-col gap-6">
        <WelcomeHeader themePicker={<ThemePickerCompact />} />
        {firstLoad.isPending ? (
          <p role="status" className="text-(--ink-muted)">
            {t('app.dashboard.loading')}
          </p>
        ) : (
          <DashboardCards calendarZone={calendarZone} />
        )}
      </div>
    </>
  );
}

/** The cards, once their first answers are in the cache (or the one call failed and each loads its own). */
function DashboardCards({ calendarZone }: { calendarZone: string | null }) {
  const t = useT();
  // `/?task=ID` (the command palette's way to open a task): that task, focused; then the address is plain again.
  const [openTaskId, clearOpenTask] = useIdParam('task');
  return (
    <>
      <section aria-labelledby="dashboard-stats-heading">
        <h2 id="dashboard-stats-heading" className="sr-only">
          {t('app.dashboard.statsHeading')}
        </h2>
        <StatCards />
      </section>
      {/* The whole width for the board: each of its three columns reads a title of a few words on one line. */}
      <TasksCard openTaskId={openTaskId} onTaskOpened={clearOpenTask} />
      <WeekCalendarPanel timeZone={calendarZone} />
      <div className="grid gap-6 md:grid-cols-2 md:items-start">
        <ProfileCard />
        <BadgesPanel variant="compact" />
      </div>
      <div className="grid gap-6 md:grid-cols-2 md:items-start">
        <MusicPlayerCard />
        <RecentCreationsCard />
      </div>
      <WidgetsSection />
    </>
  );
}
