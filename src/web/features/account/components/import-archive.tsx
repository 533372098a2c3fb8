import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { AccountImportSummary } from '#shared/account.ts';
import type { ArchiveKind } from '#shared/account-archive.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { RichMessage } from '#web/lib/i18n/rich-message.tsx';
import { type MessageKey, type Translate, useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { toast } from '#web/ui/toast.ts';
import { useImportAccount } from '../api/import-account.ts';

/** What each kind of the archive is called on screen (its message). */
const kindLabels: Record<ArchiveKind, MessageKey> = {
  profile: 'account.import.kinds.profile',
  tasks: 'account.import.kinds.tasks',
  pomodoro_sessions: 'account.import.kinds.pomodoroSessions',
  badges: 'account.import.kinds.badges',
  chat_threads: 'account.import.kinds.chatThreads',
  quick_actions: 'account.import.kinds.quickActions',
  media: 'account.import.kinds.media',
  music_tracks: 'account.import.kinds.musicTracks',
  widgets: 'account.import.kinds.widgets',
  community_posts: 'account.import.kinds.communityPosts',
  community_comments: 'account.import.kinds.communityComments',
  community_likes: 'account.import.kinds.communityLikes',
};

/** A kind this version does not know (a newer server's) keeps its own name. */
function labelOf(kind: string, t: Translate): string {
  return kind in kindLabels ? t(kindLabels[kind as ArchiveKind]) : kind;
}

/** The server's message as it comes (it answers in the interface's language); else a word of our own. */
function failureOf(error: unknown, t: Translate): string {
  return error instanceof ApiError ? error.message : t('account.import.failed');
}

/**
 * Import: the member picks an archive, sees it upload, then sees what it would add (nothing is written
 * yet), and only then imports it, all or nothing. The same file is sent again to import it: the server keeps
 * nothing of a preview, so any of several servers can take the second request.
 */
export function ImportArchive() {
  const t = useT();
  const format = useFormat();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const importer = useImportAccount();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<AccountImportSummary | null>(null);

  function reset() {
    setFile(null);
    setPreview(null);
    setProgress(null);
    importer.reset();
    if (input.current) input.current.value = '';
  }

  async function send(chosen: File, mode: 'preview' | 'apply') {
    setProgress(0);
    try {
      const summary = await importer.mutateAsync({ file: chosen, mode, onProgress: setProgress });
      if (mode === 'preview') {
        setPreview(summary);
      } else {
        const added = summary.kinds.reduce((sum, kind) => sum + kind.to_add, 0);
        toast.success(t('account.import.imported', { count: added }));
        reset();
      }
    } catch (error) {
      console.error('Failed to import the archive', error);
    } finally {
      setProgress(null);
    }
  }

  const adding = preview?.kinds.filter((kind) => kind.to_add > 0) ?? [];
  const total = adding.reduce((sum, kind) => sum + kind.to_add, 0);
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={inputId} className="font-semibold text-(--ink)">
        {t('account.import.label')}
      </label>
      <p className="text-sm text-(--ink-muted)">{t('account.import.help')}</p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".zip,application/zip"
        disabled={importer.isPending}
        className="text-sm text-(--ink) file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-(--surface-strong) file:px-4 file:font-semibold file:text-(--ink)"
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null;
          setPreview(null);
          importer.reset();
          setFile(chosen);
          if (chosen) void send(chosen, 'preview');
        }}
      />
      {progress !== null ? (
        <div className="flex flex-col gap-1" role="status">
          <progress
            className="w-full accent-(--accent)"
            max={1}
            value={progress}
            aria-label={t('account.import.progress')}
          />
          <span className="text-sm text-(--ink-muted)">
            {progress < 1
              ? t('account.import.uploading', {
                  percent: format.number(progress, { style: 'percent', maximumFractionDigits: 0 }),
                })
              : t('account.import.checking')}
          </span>
        </div>
      ) : null}
      {importer.isError ? <Alert>{failureOf(importer.error, t)}</Alert> : null}
      {preview && file ? (
        <section aria-label={t('account.import.adds')} className="flex flex-col gap-3">
          {total === 0 ? (
            <p className="text-(--ink)">{t('account.import.nothingNew')}</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm text-(--ink)">
              {adding.map((kind) => (
                <li key={kind.kind}>
                  <RichMessage
                    id={
                      kind.in_archive > kind.to_add
                        ? 'account.import.kindNewWithExisting'
                        : 'account.import.kindNew'
                    }
                    values={{
                      kind: labelOf(kind.kind, t),
                      count: format.number(kind.to_add),
                      existing: kind.in_archive - kind.to_add,
                    }}
                    parts={[<strong key="count" />]}
                  />
                </li>
              ))}
            </ul>
          )}
          {preview.not_imported > 0 ? (
            <p className="text-sm text-(--ink-muted)">
              {t('account.import.notImported', { count: preview.not_imported })}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {total > 0 ? (
              <Button busy={importer.isPending} onClick={() => void send(file, 'apply')}>
                <Upload aria-hidden="true" className="size-4" />
                {t('account.import.importItems', { count: total })}
              </Button>
            ) : null}
            <Button variant="secondary" disabled={importer.isPending} onClick={reset}>
              {total > 0 ? t('account.import.cancel') : t('account.import.done')}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
