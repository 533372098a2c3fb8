import { Bot } from 'lucide-react';
import { useId } from 'react';
import { type AiChoice, aiProviderLabels, type ModelCategory } from '#shared/ai.ts';
import type { CommunityStats } from '#shared/community.ts';
import { modelLabel } from '#web/features/ai/model/ai-selection.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { useRecentMembers } from '../api/get-members.ts';
import type { useStats } from '../api/get-stats.ts';
import { chatCategories } from '../model/ai-choice.ts';
import { formatJoinedDate } from '../model/post-date.ts';
import { ModerationPanel } from './moderation-panel.tsx';

export const COMMUNITY_GUIDELINES = [
  'Be kind: critique ideas, never people.',
  'Share your own work, or credit whoever made it.',
  'No spam, ads or self-promotion without substance.',
  'Keep it safe for everyone: nothing hateful, violent or explicit.',
  'Report what breaks these rules instead of replying to it.',
] as const;

/**
 * The sidebar (part 2 §2): stats, what the AI assistant does, Recent Members (first 5), the guidelines, and for
 * moderators the reported posts. Below the posts on a phone.
 */
export function CommunitySidebar({
  stats,
  catalogue,
  aiChoice,
}: {
  stats: ReturnType<typeof useStats>;
  catalogue: readonly ModelCategory[];
  aiChoice: AiChoice;
}) {
  return (
    <aside aria-label="Community information" className="flex flex-col gap-4">
      <StatsPanel stats={stats} />
      <AiAssistantPanel catalogue={catalogue} aiChoice={aiChoice} />
      <RecentMembersPanel />
      <GuidelinesPanel />
      {stats.data?.canModerate ? <ModerationPanel /> : null}
    </aside>
  );
}

function StatsPanel({ stats }: { stats: ReturnType<typeof useStats> }) {
  const id = useId();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 p-5!">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-(--ink)">
        Community stats
      </h2>
      <QueryState query={stats} what="community stats" loading={<StatFigures />}>
        {(data) => <StatFigures stats={data} />}
      </QueryState>
    </GlassPanel>
  );
}

/** The three figures; until the stats come, a pulsing dash for each. */
function StatFigures({ stats }: { stats?: CommunityStats }) {
  const figures = [
    { label: 'Total Posts', value: stats?.totalPosts },
    { label: 'Active Members', value: stats?.activeMembers },
    { label: 'Total Likes', value: stats?.totalLikes },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 text-center lg:grid-cols-1 lg:text-left">
      {figures.map((figure) => (
        <div
          key={figure.label}
          className="flex flex-col-reverse gap-0.5 rounded-2xl bg-(--surface) p-3 lg:flex-row-reverse lg:items-baseline lg:justify-between"
        >
          <dt className="text-sm text-(--ink-muted)">{figure.label}</dt>
          <dd className="text-2xl font-bold text-(--ink)">
            {figure.value ?? <span className="animate-pulse text-(--ink-muted)">–</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function AiAssistantPanel({
  catalogue,
  aiChoice,
}: {
  catalogue: readonly ModelCategory[];
  aiChoice: AiChoice;
}) {
  const id = useId();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-2 p-5!">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-bold text-(--ink)">
        <Bot aria-hidden="true" className="size-5 text-(--accent)" />
        AI assistant
      </h2>
      <p className="text-sm text-(--ink)">
        Writing helpers use <span className="font-semibold">{aiProviderLabels[aiChoice.provider]}</span> ·{' '}
        <span className="font-semibold break-words">{modelLabel(chatCategories(catalogue), aiChoice)}</span>.
      </p>
      <ul className="list-disc pl-5 text-sm text-(--ink-muted)">
        <li>Generate drafts a post from a topic and a vibe.</li>
        <li>Improve Text polishes what you wrote.</li>
        <li>Translate puts your post in Spanish or English.</li>
      </ul>
    </GlassPanel>
  );
}

function RecentMembersPanel() {
  const id = useId();
  const members = useRecentMembers();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 p-5!">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-(--ink)">
        Recent Members
      </h2>
      <QueryState
        query={members}
        what="community members"
        loading={
          <p role="status" className="text-sm text-(--ink-muted)">
            Loading members…
          </p>
        }
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-sm text-(--ink-muted)">No members yet.</p>}
      >
        {(list) => (
          <ul className="flex flex-col gap-2">
            {list.map((member) => (
              <li key={member.id} className="flex items-baseline justify-between gap-3 text-sm">
                <span className="truncate font-semibold text-(--ink)">{member.display_name}</span>
                <span className="shrink-0 text-(--ink-muted)">
                  Joined <time dateTime={member.created_at}>{formatJoinedDate(member.created_at)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </GlassPanel>
  );
}

function GuidelinesPanel() {
  const id = useId();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-2 p-5!">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-(--ink)">
        Community Guidelines
      </h2>
      <ol className="list-decimal pl-5 text-sm text-(--ink)">
        {COMMUNITY_GUIDELINES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
    </GlassPanel>
  );
}
