import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { AccountImportSummary } from '#shared/account.ts';
import type { ArchiveKind } from '#shared/account-archive.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { useImportAccount } from '../api/import-account.ts';

/** What each kind of the archive is called on screen. */
const kindLabels: Record<ArchiveKind, string> = {
  profile: 'Profile details',
  tasks: 'Tasks',
  pomodoro_sessions: 'Focus sessions',
  badges: 'Badges',
  chat_threads: 'Chats',
  quick_actions: 'Quick actions',
  media: 'Gallery items',
  music_tracks: 'Music tracks',
  widgets: 'Widgets',
  community_posts: 'Posts',
  community_comments: 'Comments',
  community_likes: 'Likes',
};

function labelOf(kind: string): string {
  return kind in kindLabels ? kindLabels[kind as ArchiveKind] : kind;
}

function failureOf(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Something went wrong. Nothing was imported.';
}

/**
 * Import (issue 19): the member picks an archive, sees it upload, then sees what it would add (nothing is written
 * yet), and only then imports it, all or nothing. The same file is sent again to import it: the server keeps
 * nothing of a preview, so any of several servers can take the second request.
 */
export function ImportArchive() {
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
        toast.success(
          added === 0 ? 'Nothing new to import: you have all of it.' : `Imported ${added} items.`,
        );
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
        Import an archive
      </label>
      <p className="text-sm text-(--ink-muted)">
        From this Lumara or another. You will see what it adds before anything is saved.
      </p>
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
            aria-label="Upload progress"
          />
          <span className="text-sm text-(--ink-muted)">
            {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Checking the archive…'}
          </span>
        </div>
      ) : null}
      {importer.isError ? <Alert>{failureOf(importer.error)}</Alert> : null}
      {preview && file ? (
        <section aria-label="What the archive adds" className="flex flex-col gap-3">
          {total === 0 ? (
            <p className="text-(--ink)">Nothing new: everything in this archive is already yours.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm text-(--ink)">
              {adding.map((kind) => (
                <li key={kind.kind}>
                  {labelOf(kind.kind)}: <strong>{kind.to_add}</strong> new
                  {kind.in_archive > kind.to_add ? ` (${kind.in_archive - kind.to_add} already here)` : ''}
                </li>
              ))}
            </ul>
          )}
          {preview.not_imported > 0 ? (
            <p className="text-sm text-(--ink-muted)">
              {preview.not_imported} comments and likes on other members’ posts stay in the archive only.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {total > 0 ? (
              <Button busy={importer.isPending} onClick={() => void send(file, 'apply')}>
                <Upload aria-hidden="true" className="size-4" />
                Import {total} items
              </Button>
            ) : null}
            <Button variant="secondary" disabled={importer.isPending} onClick={reset}>
              {total > 0 ? 'Cancel' : 'Done'}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
