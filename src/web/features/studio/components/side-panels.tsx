import { Activity, Bird, Brain, Cpu, Images, Lightbulb } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { type AiChoice, aiProviderLabels } from '#shared/ai.ts';
import { type StyleMode, styleModeLabels } from '#shared/chat-persona.ts';
import { useMediaCounts } from '#web/features/media/api/get-media.ts';
import { RecentGenerations } from '#web/features/media/components/recent-generations.tsx';
import { styleModeDescriptions } from '../model/style-modes.ts';

export const EMPTY_MEMORY_TEXT = 'Memory starts once this thread grows.';

export const PRO_TIPS = [
  'Select part of your message before you pick a quick action: it works on the selection, or on the whole message when nothing is selected.',
  'Press Enter to send and Shift+Enter for a new line.',
  'Optimize rewrites your prompt to be clearer and more specific before you send it.',
  'Research finds recent scholarly works and cites real papers, with DOI links you can check.',
] as const;

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
 * The studio's side panels (part 2 §2): Current AI Setup, Chat Memory, Pro Tips, Parrot assistant mode and
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
  const count = (value: number | null) => (value === null ? '–' : String(value));
  const generated = useMediaCounts();
  return (
    <aside aria-label="Studio details" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-1">
      <SidePanel title="Current AI Setup" icon={<Cpu aria-hidden="true" className={iconClass} />}>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold text-(--ink)">Provider</dt>
          <dd className="text-(--ink-muted)">{aiProviderLabels[selection.provider]}</dd>
          <dt className="font-semibold text-(--ink)">Model</dt>
          <dd className="break-words text-(--ink-muted)">{modelName}</dd>
          <dt className="font-semibold text-(--ink)">Lumara System</dt>
          <dd className="text-(--ink-muted)">
            {lumaraSystem ? `On · ${styleModeLabels[styleMode]}` : 'Off'}
          </dd>
        </dl>
      </SidePanel>

      <SidePanel title="Chat Memory" icon={<Brain aria-hidden="true" className={iconClass} />}>
        <p className="text-sm whitespace-pre-line text-(--ink-muted)">
          {memory ? memory : EMPTY_MEMORY_TEXT}
        </p>
      </SidePanel>

      <SidePanel title="Pro Tips" icon={<Lightbulb aria-hidden="true" className={iconClass} />}>
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-(--ink-muted)">
          {PRO_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </SidePanel>

      <SidePanel title="Parrot assistant mode" icon={<Bird aria-hidden="true" className={iconClass} />}>
        {lumaraSystem ? (
          <p className="text-sm text-(--ink-muted)">
            <span className="font-semibold text-(--ink)">{styleModeLabels[styleMode]}: </span>
            {styleModeDescriptions[styleMode]}
          </p>
        ) : (
          <p className="text-sm text-(--ink-muted)">
            Lumara System is off: no persona, the model answers as itself.
          </p>
        )}
      </SidePanel>

      <SidePanel title="Recent Activity" icon={<Activity aria-hidden="true" className={iconClass} />}>
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 text-sm">
          <dt className="text-(--ink-muted)">Chats</dt>
          <dd className="font-semibold text-(--ink)">{count(threadCount)}</dd>
          <dt className="text-(--ink-muted)">Messages in this chat</dt>
          <dd className="font-semibold text-(--ink)">{count(messageCount)}</dd>
          <dt className="text-(--ink-muted)">Quick actions</dt>
          <dd className="font-semibold text-(--ink)">{count(quickActionCount)}</dd>
          <dt className="text-(--ink-muted)">Images generated</dt>
          <dd className="font-semibold text-(--ink)">{count(generated.image)}</dd>
          <dt className="text-(--ink-muted)">Videos generated</dt>
          <dd className="font-semibold text-(--ink)">{count(generated.video)}</dd>
          <dt className="text-(--ink-muted)">Audio generated</dt>
          <dd className="font-semibold text-(--ink)">{count(generated.audio)}</dd>
        </dl>
        <h3 className="mt-2 text-sm font-semibold text-(--ink)">Recent generations</h3>
        <RecentGenerations label="Recent generations" />
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
          View Full Gallery
        </Link>
      </SidePanel>
    </aside>
  );
}
