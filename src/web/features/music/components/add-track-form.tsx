import { type FormEvent, useState } from 'react';
import { ApiError } from '#web/lib/api-client.ts';
import { type Translate, useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { TextField } from '#web/ui/text-field.tsx';
import { useAddTrack } from '../api/add-track.ts';

/** An example of what the field takes: a link, the same in every language. */
const SUNO_LINK_EXAMPLE = 'https://suno.com/song/…';

/** The server's reason when it gave one, else the form's own text. */
export function addTrackErrorText(error: unknown, t: Translate): string {
  return error instanceof ApiError && error.code !== 'unknown' && error.message
    ? error.message
    : t('music.addForm.failed');
}

/** The add-track form: input required and trimmed, blocked while adding; `onAdded` closes it. */
export function AddTrackForm({ id, onAdded }: { id: string; onAdded: () => void }) {
  const t = useT();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addTrack = useAddTrack();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (addTrack.isPending) return;
    const trimmed = input.trim();
    if (trimmed === '') {
      setError(t('music.addForm.empty'));
      return;
    }
    setError(null);
    addTrack.mutate(trimmed, {
      onSuccess: () => {
        setInput('');
        onAdded();
      },
      onError: (failure) => setError(addTrackErrorText(failure, t)),
    });
  }

  return (
    <form
      id={id}
      aria-label={t('music.tracks.add')}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3"
    >
      <TextField
        label={t('music.addForm.label')}
        name="input"
        required
        autoComplete="off"
        placeholder={SUNO_LINK_EXAMPLE}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        readOnly={addTrack.isPending}
      />
      {error ? <Alert>{error}</Alert> : null}
      <div>
        <Button type="submit" busy={addTrack.isPending}>
          {t(addTrack.isPending ? 'music.addForm.adding' : 'music.addForm.submit')}
        </Button>
      </div>
    </form>
  );
}
