import { Plus, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { staticModelCatalogue } from '#shared/ai-catalogue.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useShortcutAction } from '#web/lib/shortcut-actions.ts';
import { useAuth } from '#web/lib/use-auth.ts';
import { useIdParam } from '#web/lib/use-id-param.ts';
import { Button } from '#web/ui/button.tsx';
import { PageHeader } from '#web/ui/page-header.tsx';
import { useCommunityAiModels } from '../api/get-ai-models.ts';
import { useStats } from '../api/get-stats.ts';
import { useCommunityAiChoice } from '../hooks/use-community-ai-choice.ts';
import { useLiveEvents } from '../hooks/use-live-events.ts';
import { resolveAiChoice } from '../model/ai-choice.ts';
import { AiSettingsPanel } from './ai-settings-panel.tsx';
import { CommunitySidebar } from './community-sidebar.tsx';
import { type EditorMode, PostEditorDialog } from './post-editor-dialog.tsx';
import { PostList } from './post-list.tsx';

/**
 * The community: the header with Create Post and the AI settings toggle, the posts (live: new posts,
 * likes and comments from other members appear without a reload), and the sidebar. On a phone the sidebar
 * follows the posts.
 */
export function CommunityPage() {
  const t = useT();
  const id = useId();
  const { user } = useAuth();
  const models = useCommunityAiModels();
  const stats = useStats();
  const [picked, pick] = useCommunityAiChoice();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [editor, setEditor] = useState<EditorMode | null>(null);
  useLiveEvents();
  // The command palette's New post, and `?post=ID`, its way to open one (then the address is plain again).
  useShortcutAction('new-post', () => setEditor({ kind: 'create' }));
  const [openPostId, clearOpenPost] = useIdParam('post');
  useDraftParams(setEditor);

  // Until the catalogue loads (or when it cannot), the static one: the helpers still know their model.
  const catalogue = models.data?.data ?? staticModelCatalogue;
  const aiChoice = resolveAiChoice(catalogue, picked, models.data?.defaults);

  return (
    <>
      <PageHeader title={t('community.page.title')}>{t('community.page.intro')}</PageHeader>
      <div className="mb-6 flex flex-wrap gap-3">
        <Button onClick={() => setEditor({ kind: 'create' })}>
          <Plus aria-hidden="true" className="size-4" />
          {t('community.page.createPost')}
        </Button>
        <Button
          variant="secondary"
          aria-expanded={settingsOpen}
          aria-controls={settingsOpen ? `${id}-ai-settings` : undefined}
          onClick={() => setSettingsOpen((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {t('community.page.aiSettings')}
        </Button>
      </div>
      {settingsOpen ? (
        <AiSettingsPanel
          id={`${id}-ai-settings`}
          models={models}
          catalogue={catalogue}
          choice={aiChoice}
          onChange={pick}
        />
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby={`${id}-posts`} className="min-w-0">
          <h2 id={`${id}-posts`} className="sr-only">
            {t('community.page.posts')}
          </h2>
          <PostList
            currentUserId={user?.id}
            onCreate={() => setEditor({ kind: 'create' })}
            onEdit={(post) => setEditor({ kind: 'edit', post })}
            openPostId={openPostId}
            onPostOpened={clearOpenPost}
          />
        </section>
        <CommunitySidebar stats={stats} catalogue={catalogue} aiChoice={aiChoice} />
      </div>

      {editor ? (
        <PostEditorDialog
          key={editor.kind === 'edit' ? editor.post.id : 'new'}
          mode={editor}
          aiChoice={aiChoice}
          onClose={() => setEditor(null)}
        />
      ) : null}
    </>
  );
}

/**
 * `?draft_title=…&draft_body=…`, the link an applied `draft_post` proposal gives: the post editor opens with
 * those words (the member still posts it, or not), and the address is plain again so a reload opens nothing.
 */
function useDraftParams(open: (mode: EditorMode) => void) {
  const [params, setParams] = useSearchParams();
  const title = params.get('draft_title');
  const body = params.get('draft_body');
  useEffect(() => {
    if (title === null && body === null) return;
    open({ kind: 'create', draft: { title: title ?? '', body: body ?? '' } });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('draft_title');
        next.delete('draft_body');
        return next;
      },
      { replace: true },
    );
  }, [title, body, open, setParams]);
}
