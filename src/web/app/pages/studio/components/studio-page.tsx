import { Clapperboard, Images, MessageCircle, Palette } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type AiChoice, DEFAULT_AI_MODEL, DEFAULT_AI_PROVIDER } from '#shared/ai.ts';
import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
import { useAiModels } from '#web/features/ai/api/get-ai-models.ts';
import { ModelBar } from '#web/features/ai/components/model-bar.tsx';
import { FalMediaPanel } from '#web/features/generation/components/fal-media-panel.tsx';
import { StraicoMediaPanel } from '#web/features/generation/components/straico-media-panel.tsx';
import { type MessageKey, useT } from '#web/lib/i18n/use-t.ts';
import { useIdParam } from '#web/lib/use-id-param.ts';
import { PageHeader } from '#web/ui/page-header.tsx';
import { type Tab, TabList } from '#web/ui/tab-list.tsx';
import { ChatTab } from './chat-tab.tsx';
import { GalleryPanel } from './gallery-panel.tsx';

export type StudioTabId = 'chat' | 'fal' | 'straico' | 'gallery';

const tabs: readonly (Omit<Tab<StudioTabId>, 'label'> & { label: MessageKey })[] = [
  { id: 'chat', label: 'studio.tabs.chat', icon: MessageCircle },
  { id: 'fal', label: 'studio.tabs.fal', icon: Palette },
  { id: 'straico', label: 'studio.tabs.straico', icon: Clapperboard },
  { id: 'gallery', label: 'studio.tabs.gallery', icon: Images },
];

/** The tab the URL names (`?tab=gallery`; the others too, so any tab can be linked); else AI Chat. */
function tabFrom(value: string | null): StudioTabId {
  return tabs.find((tab) => tab.id === value && tab.id !== 'chat')?.id ?? 'chat';
}

/** The AI Studio: the model bar, then the AI Chat, media and gallery tabs. */
export function StudioPage() {
  const t = useT();
  const id = useId();
  const shownTabs = useMemo(() => tabs.map((tab) => ({ ...tab, label: t(tab.label) })), [t]);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFrom(searchParams.get('tab'));
  // `?thread=ID` (the command palette's way to open a chat): that thread, then the address is plain again.
  const [openThreadId, clearOpenThread] = useIdParam('thread');
  const models = useAiModels();
  const [chosen, setChosen] = useState<AiChoice | null>(null);

  // The catalogue answers the saved choice; until it loads (or when it cannot), the product's defaults.
  const catalogue = models.data?.data ?? staticModelCatalogue;
  const selection = chosen ??
    models.data?.defaults ?? { provider: DEFAULT_AI_PROVIDER, model: DEFAULT_AI_MODEL };

  function selectTab(next: StudioTabId) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'chat') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  }

  return (
    <>
      <PageHeader title={t('studio.page.title')}>{t('studio.page.intro')}</PageHeader>
      <ModelBar models={models} catalogue={catalogue} selection={selection} onChange={setChosen} />
      <TabList
        idPrefix={id}
        label={t('studio.tabs.label')}
        overflow="scroll"
        tabs={shownTabs}
        selected={tab}
        onSelect={selectTab}
        panel={(panelTab) => {
          switch (panelTab) {
            case 'chat':
              return (
                <ChatTab
                  catalogue={catalogue}
                  selection={selection}
                  modelsReady={!models.isPending}
                  onOpenGallery={() => {
                    selectTab('gallery');
                    document.getElementById(`${id}-tab-gallery`)?.focus();
                  }}
                  openThreadId={openThreadId}
                  onThreadOpened={clearOpenThread}
                />
              );
            case 'fal':
              return <FalMediaPanel />;
            case 'straico':
              return <StraicoMediaPanel />;
            case 'gallery':
              return <GalleryPanel />;
          }
        }}
      />
    </>
  );
}
