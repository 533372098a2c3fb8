import { Activity, Bird, Brain, Cpu, Images, Lightbulb } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { AiChoice } from '#shared/ai.ts';
import type { StyleMode } from '#shared/chat-persona.ts';
import { providerLabel } from '#web/features/ai/model/ai-labels.ts';
import { useMediaCounts } from '#web/features/media/api/get-media.ts';
import { RecentGenerations } from '#web/features/media/components/recent-generations.tsx';
import { useFormat } from '#web/lib/i18n/format.ts';
import { RichMessage } from '#web/lib/i18n/rich-message.tsx';
import { type MessageKey, useT } from '#web/lib/i18n/use-t.ts';
import { styleModeDescriptionKeys, styleModeLabelKeys } from '../model/style-modes.ts';

const PRO_TIPS: readonly MessageKey[] = [
  'studio.tips.selection',
  'studio.tips.keys',
  'studio.tips.optimize',
  'studio.tips.research',
];

function SidePanel({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="glass flex flex-col gap-2 rounded-3xl p-5">
      <h2 id={`${id}-heading`} className="inline-flex items-center gap-2 font-bold text-(--ink)">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

const iconClass = 'size-4 text-(--accent)';

/**
 * The studio's side panels: Current AI Setup, Chat Memory, Pro Tips, Parrot assistant mode and
 * Recent Activity (the counts, the last 6 generations) with its View Full Gallery link. Beside the chat on wide
 * screens, below it on narrow ones.
 */
export function SidePanels({
  selection,
  modelName,
  lumaraSystem,
  styleMode,
  memory,
  threadCount,
  messageCount,
  quickActionCount,
  onOpenGallery,
}: {
  selection: AiChoice;
  modelName: string;
  lumaraSystem: boolean;
  styleMode: StyleMode;
  /** The open thread's memory; null while no thread is loaded. */
  memory: string | null;
  threadCount: number | null;
  messageCount: number | null;
  quickActionCount: number | null;
  /** Opens the gallery tab in place (the link still works on its own, e.g. in a new browser tab). */
  onOpenGallery?: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const count = (value: number | null) => (value === null ? '–' : format.number(value));
  const generated = useMediaCounts();
  const styleModeName = t(styleModeLabelKeys[styleMode]);
  return (
    <aside aria-label={t('studio.panels.label')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-1">
      <SidePanel title={t('studio.panels.setup')} icon={<Cpu aria-hidden="true" className={iconClass} />}>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold text-(--ink)">{t('studio.panels.provider')}</dt>
          <dd className="text-(--ink-muted)">{providerLabel(t, selection.provider)}</dd>
          <dt className="font-semibold text-(--ink)">{t('studio.panels.model')}</dt>
          <dd className="break-words text-(--ink-muted)">{modelName}</dd>
          <dt className="font-semibold text-(--ink)">{t('studio.system.heading')}</dt>
          <dd className="text-(--ink-muted)">
            {lumaraSystem
              ? t('studio.panels.systemOn', { mode: styleModeName })
              : t('studio.panels.systemOff')}
          </dd>
        </dl>
      </SidePanel>

      <SidePanel title={t('studio.panels.memory')} icon={<Brain aria-hidden="true" className={iconClass} />}>
        <p className="text-sm whitespace-pre-line text-(--ink-muted)">
          {memory ? memory : t('studio.panels.memoryEmpty')}
        </p>
      </SidePanel>

      <SidePanel
        title={t('studio.panels.tips')}
        icon={<Lightbulb aria-hidden="true" className={iconClass} />}
      >
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-(--ink-muted)">
          {PRO_TIPS.map((tip) => (
            <li key={tip}>{t(tip)}</li>
          ))}
        </ul>
      </SidePanel>

      <SidePanel title={t('studio.panels.parrot')} icon={<Bird aria-hidden="true" className={iconClass} />}>
        {lumaraSystem ? (
          <p className="text-sm text-(--ink-muted)">
            <RichMessage
              id="studio.panels.modeDescription"
              values={{ mode: styleModeName, description: t(styleModeDescriptionKeys[styleMode]) }}
              parts={[<span key="mode" className="font-semibold text-(--ink)" />]}
            />
          </p>
        ) : (
          <p className="text-sm text-(--ink-muted)">{t('studio.panels.systemOffNote')}</p>
        )}
      </SidePanel>

      <SidePanel
        title={t('studio.panels.activity')}
        icon={<Activity aria-hidden="true" className={iconClass} />}
      >
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 text-sm">
          <dt className="text-(--ink-muted)">{t('studio.panels.chats')}</dt>
          <dd className="font-semibold text-(--ink)">{count(threadCount)}</dd>
          <dt className="text-(--ink-muted)">{t('studio.panels.messages')}</dt>
          <dd className="font-semibold text-(--ink)">{count(messageCount)}</dd>
          <dt className="text-(--ink-muted)">{t('studio.panels.quickActions')}</dt>
          <dd className="font-semibold text-(--ink)">{count(quickActionCount)}</dd>
          <dt className="text-(--ink-muted)">{t('studio.panels.images')}</dt>
          <dd className="font-semibold text-(--ink)">{count(generated.image)}</dd>
          <dt className="text-(--ink-muted)">{t('studio.panels.videos')}</dt>
          <dd className="font-semibold text-(--ink)">{count(generated.video)}</dd>
          <dt className="text-(--ink-muted)">{t('studio.panels.audio')}</dt>
          <dd className="font-semibold text-(--ink)">{count(generated.audio)}</dd>
        </dl>
        <h3 className="mt-2 text-sm font-semibold text-(--ink)">{t('studio.panels.recent')}</h3>
        <RecentGenerations label={t('studio.panels.recent')} />
        <Link
          to="/studio?tab=gallery"
          onClick={(event) => {
            if (!onOpenGallery || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onOpenGallery();
          }}
          className="mt-1 inline-flex items-center gap-2 text-sm font-semibold text-(--accent) underline underline-offset-4 hover:text-(--accent-strong)"
        >
          <Images aria-hidden="true" className="size-4" />
          {t('studio.panels.fullGallery')}
        </Link>
      </SidePanel>
    </aside>
  );
}
