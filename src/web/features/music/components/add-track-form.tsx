import { type FormEvent, useState } from 'react';
import { ApiError } from '#web/lib/api-client.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { TextField } from '#web/ui/text-field.tsx';
import { useAddTrack } from '../api/add-track.ts';

export const ADD_TRACK_FAILED = 'Failed to add track';

/** The server's reason when it gave one (part 2 §8), else the spec's fallback. */
export function addTrackErrorText(error: unknown): string {
  return error instanceof ApiError && error.code !== 'unknown' && error.message
    ? error.message
    : ADD_TRACK_FAILED;
}

/** The add-track form (part 2 §4): input required and trimmed, blocked while adding; `onAdded` closes it. */
export function AddTrackForm({ id, onAdded }: { id: string; onAdded: () => void }) {
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addTrack = useAddTrack();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (addTrack.isPending) return;
    const trimmed = input.trim();
    if (trimmed === '') {
      setError('Paste a Suno song link or embed code.');
      return;
    }
    setError(null);
    addTrack.mutate(trimmed, {
      onSuccess: () => {
        setInput('');
        onAdded();
      },
      onError: (failure) => setError(addTrackErrorText(failure)),
    });
  }

  return (
    <form id={id} aria-label="Add a track" onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <TextField
        label="Suno song link or embed code"
        name="input"
        required
        autoComplete="off"
        placeholder="https://suno.com/song/…"
        value={input}
        onChange={(event) => setInput(event.target.value)}
        readOnly={addTrack.isPending}
      />
      {error ? <Alert>{error}</Alert> : null}
      <div>
        <Button type="submit" busy={addTrack.isPending}>
          {addTrack.isPending ? 'Adding…' : 'Add track'}
        </Button>
      </div>
    </form>
  );
}
