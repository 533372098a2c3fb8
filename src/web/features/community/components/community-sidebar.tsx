import { Bot } from 'lucide-react';
import { useId } from 'react';
import type { AiChoice, ModelCategory } from '#shared/ai.ts';
import type { CommunityStats } from '#shared/community.ts';
import { providerLabel } from '#web/features/ai/model/ai-labels.ts';
import { modelLabel } from '#web/features/ai/model/ai-selection.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { RichMessage } from '#web/lib/i18n/rich-message.tsx';
import { type MessageKey, useT } from '#web/lib/i18n/use-t.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { useRecentMembers } from '../api/get-members.ts';
import type { useStats } from '../api/get-stats.ts';
import { chatCategories } from '../model/ai-choice.ts';
import { formatJoinedDate } from '../model/post-date.ts';
import { ModerationPanel } from './moderation-panel.tsx';

export const COMMUNITY_GUIDELINES: readonly MessageKey[] = [
  'community.guidelines.kind',
  'community.guidelines.credit',
  'community.guidelines.noSpam',
  'community.guidelines.safe',
  'community.guidelines.report',
];

/**
 * The sidebar: stats, what the AI assistant does, Recent Members (first 5), the guidelines, and for
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
  const t = useT();
  return (
    <aside aria-label={t('community.sidebar.label')} className="flex flex-col gap-4">
      <StatsPanel stats={stats} />
      <AiAssistantPanel catalogue={catalogue} aiChoice={aiChoice} />
      <RecentMembersPanel />
      <GuidelinesPanel />
      {stats.data?.canModerate ? <ModerationPanel /> : null}
    </aside>
  );
}

function StatsPanel({ stats }: { stats: ReturnType<typeof useStats> }) {
  const t = useT();
  const id = useId();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 p-5!">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-(--ink)">
        {t('community.stats.heading')}
      </h2>
      <QueryState query={stats} what={t('community.stats.what')} loading={<StatFigures />}>
        {(data) => <StatFigures stats={data} />}
      </QueryState>
    </GlassPanel>
  );
}

/** The three figures; until the stats come, a pulsing dash for each. */
function StatFigures({ stats }: { stats?: CommunityStats }) {
  const t = useT();
  const format = useFormat();
  const figures = [
    { label: t('community.stats.totalPosts'), value: stats?.totalPosts },
    { label: t('community.stats.activeMembers'), value: stats?.activeMembers },
    { label: t('community.stats.totalLikes'), value: stats?.totalLikes },
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
            {figure.value === undefined ? (
              <span className="animate-pulse text-(--ink-muted)">–</span>
            ) : (
              format.number(figure.value)
            )}
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
  const t = useT();
  const id = useId();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-2 p-5!">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-lg font-bold text-(--ink)">
        <Bot aria-hidden="true" className="size-5 text-(--accent)" />
        {t('community.assistant.heading')}
      </h2>
      <p className="text-sm text-(--ink)">
        <RichMessage
          id="community.assistant.uses"
          values={{
            provider: providerLabel(t, aiChoice.provider),
            model: modelLabel(chatCategories(catalogue), aiChoice),
          }}
          parts={[
            <span key="provider" className="font-semibold" />,
            <span key="model" className="font-semibold break-words" />,
          ]}
        />
      </p>
      <ul className="list-disc pl-5 text-sm text-(--ink-muted)">
        <li>{t('community.assistant.generate')}</li>
        <li>{t('community.assistant.improve')}</li>
        <li>{t('community.assistant.translate')}</li>
      </ul>
    </GlassPanel>
  );
}

function RecentMembersPanel() {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const members = useRecentMembers();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 p-5!">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-(--ink)">
        {t('community.members.heading')}
      </h2>
      <QueryState
        query={members}
        what={t('community.members.what')}
        loading={
          <p role="status" className="text-sm text-(--ink-muted)">
            {t('community.members.loading')}
          </p>
        }
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-sm text-(--ink-muted)">{t('community.members.empty')}</p>}
      >
        {(list) => (
          <ul className="flex flex-col gap-2">
            {list.map((member) => (
              <li key={member.id} className="flex items-baseline justify-between gap-3 text-sm">
                <span className="truncate font-semibold text-(--ink)">{member.display_name}</span>
                <span className="shrink-0 text-(--ink-muted)">
                  <RichMessage
                    id="community.members.joined"
                    values={{ date: formatJoinedDate(format, member.created_at) }}
                    parts={[<time key="date" dateTime={member.created_at} />]}
                  />
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
  const t = useT();
  const id = useId();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-2 p-5!">
      <h2 id={`${id}-heading`} className="text-lg font-bold text-(--ink)">
        {t('community.guidelines.heading')}
      </h2>
      <ol className="list-decimal pl-5 text-sm text-(--ink)">
        {COMMUNITY_GUIDELINES.map((rule) => (
          <li key={rule}>{t(rule)}</li>
        ))}
      </ol>
    </GlassPanel>
  );
}
