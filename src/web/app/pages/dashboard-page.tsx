import { BadgesPanel } from '#web/features/badges/components/badges-panel.tsx';
import { StatCards } from '#web/features/dashboard/components/stat-cards.tsx';
import { WelcomeHeader } from '#web/features/dashboard/components/welcome-header.tsx';
import { MusicPlayerCard } from '#web/features/music/components/music-player-card.tsx';
import { TasksCard } from '#web/features/tasks/components/tasks-card.tsx';
import { WidgetsSection } from '#web/features/widgets/components/widgets-section.tsx';
import { PageHeader } from '#web/ui/page-header.tsx';

/** Part 1 §2 "Dashboard (summary part)": greeting, the four stat cards, Your Tasks, the compact badges and the
 * Music Player (part 2 §2). */
export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <div className="flex flex-col gap-6">
        <WelcomeHeader />
        <section aria-labelledby="dashboard-stats-heading">
          <h2 id="dashboard-stats-heading" className="sr-only">
            Today’s stats
          </h2>
          <StatCards />
        </section>
        {/* Tasks take most of the width: the board's three columns need it. */}
        <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,1fr)] xl:items-start">
          <TasksCard />
          <div className="flex flex-col gap-6">
            <BadgesPanel variant="compact" />
            <MusicPlayerCard />
          </div>
        </div>
        <WidgetsSection />
      </div>
    </>
  );
}
