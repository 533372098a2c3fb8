import { z } from 'zod';
import { ApiError } from '#web/lib/api-client.ts';
import { type Translate, useT } from '#web/lib/i18n/use-t.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { TextField } from '#web/ui/field.tsx';
import { useAddTrack } from '../api/add-track.ts';

/** An example of what the field takes: a link, the same in every language. */
const SUNO_LINK_EXAMPLE = 'https://suno.com/song/…';

/** The server's reason when it gave one, else the form's own text. */
export function addTrackErrorText(error: unknown, t: Translate): string {
  return error instanceof ApiError && error.code !== 'unknown' && error.message
    ? error.message
    : t('music.addForm.failed');
}

/**
 * The route's trim and "not empty" (`addTrackRequestSchema`'s first two rules): a text longer than the route
 * takes goes to the server, whose refusal names the limit, as it always has.
 */
const addTrackFormSchema = z.object({ input: z.string().trim().min(1) });

/** The add-track form: input required and trimmed, blocked while adding; `onAdded` closes it. */
export function AddTrackForm({ id, onAdded }: { id: string; onAdded: () => void }) {
  const t = useT();
  const addTrack = useAddTrack();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(addTrackFormSchema, { defaultValues: { input: '' } });

  const onSubmit = handleSubmit(({ input }) => {
    if (addTrack.isPending) return;
    addTrack.mutate(input, {
      onSuccess: () => {
        reset();
        onAdded();
      },
      onError: (failure) => setError('root.server', { message: addTrackErrorText(failure, t) }),
    });
  });
  // An empty input is said where the server's refusal is, in the same alert.
  const error = errors.input ? t('music.addForm.empty') : errors.root?.server?.message;

  return (
    <form
      id={id}
      aria-label={t('music.tracks.add')}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3"
    >
      <TextField
        {...register('input')}
        label={t('music.addForm.label')}
        required
        autoComplete="off"
        placeholder={SUNO_LINK_EXAMPLE}
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
