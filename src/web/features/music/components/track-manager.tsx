import { ChevronDown, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { Track } from '#shared/music.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { ConfirmDialog } from '#web/ui/confirm-dialog.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useDeleteTrack } from '../api/delete-track.ts';
import { useTracks } from '../api/get-tracks.ts';
import { AddTrackForm } from './add-track-form.tsx';
import { TrackEmbed } from './track-embed.tsx';

/** The add form (collapsed by default) and the member's tracks. */
export function TrackManager() {
  const t = useT();
  const id = useId();
  const [formOpen, setFormOpen] = useState(false);
  const tracks = useTracks();

  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-bold text-(--ink)">
          {t('music.tracks.heading')}
        </h2>
        <Button
          variant="secondary"
          aria-expanded={formOpen}
          aria-controls={formOpen ? `${id}-form` : undefined}
          onClick={() => setFormOpen((open) => !open)}
        >
          {formOpen ? (
            <ChevronDown aria-hidden="true" className="size-4" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )}
          {t(formOpen ? 'music.tracks.closeForm' : 'music.tracks.add')}
        </Button>
      </div>

      {formOpen ? <AddTrackForm id={`${id}-form`} onAdded={() => setFormOpen(false)} /> : null}

      {tracks.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">{t('music.tracks.loading')}</span>
          {[0, 1].map((row) => (
            <div
              key={row}
              aria-hidden="true"
              className="h-32 animate-pulse rounded-2xl bg-(--surface-strong)"
            />
          ))}
        </div>
      ) : tracks.isError ? (
        <LoadError
          what={t('music.tracks.what')}
          error={tracks.error}
          retrying={tracks.isFetching}
          onRetry={() => void tracks.refetch()}
        />
      ) : tracks.data.length === 0 ? (
        <p className="text-(--ink-muted)">{t('music.tracks.empty')}</p>
      ) : (
        <TrackList tracks={tracks.data} />
      )}
    </GlassPanel>
  );
}

function TrackList({ tracks }: { tracks: Track[] }) {
  const t = useT();
  const [confirming, setConfirming] = useState<Track | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const deleteTrack = useDeleteTrack();

  function confirmDelete() {
    if (!confirming) return;
    deleteTrack.mutate(confirming, {
      onSuccess: () => {
        setDeleteError(null);
        setConfirming(null);
      },
      onError: (error) => {
        console.error(`Failed to delete track ${confirming.id}: ${error.message}`);
        setDeleteError(t('music.tracks.deleteFailed'));
        setConfirming(null);
      },
    });
  }

  return (
    <>
      {deleteError ? <Alert>{deleteError}</Alert> : null}
      <ul className="flex flex-col gap-5">
        {tracks.map((track) => (
          <li key={track.id} className="flex flex-col gap-2">
            <div className="flex items-center justify-between gap-3">
              <a
                href={track.suno_url}
                target="_blank"
                rel="noopener noreferrer"
                className="truncate font-semibold text-(--ink) underline-offset-4 hover:underline"
              >
                {track.title}
              </a>
              <Button
                variant="ghost"
                aria-label={t('music.tracks.deleteNamed', { title: track.title })}
                onClick={() => setConfirming(track)}
                className="px-3!"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
            <TrackEmbed track={track} />
          </li>
        ))}
      </ul>
      {confirming ? (
        <ConfirmDialog
          title={t('music.tracks.deleteTitle')}
          message={t('music.tracks.deleteQuestion')}
          confirmLabel={t('music.tracks.delete')}
          busy={deleteTrack.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}
