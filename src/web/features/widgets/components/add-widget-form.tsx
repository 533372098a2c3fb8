import { Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { EMBED_LIMITS } from '#shared/embeds.ts';
import { WIDGET_LIMITS, widgetSizes } from '#shared/widgets.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { TextField } from '#web/ui/text-field.tsx';
import { useCreateWidget } from '../api/create-widget.ts';

type Kind = 'embed' | 'profile';

const selectClass =
  'min-h-11 rounded-2xl border border-(--line) bg-(--surface-strong) px-4 py-2 text-(--ink)';
const labelClass = 'text-sm font-semibold text-(--ink)';

/**
 * Part 2 §2 and §5: title (required: Add is disabled without it), URL or pasted embed code, width and height
 * (default 6 x 6). The server decides what the widget shows and says why when it refuses; its reason is shown
 * here. Nothing pasted is ever rendered: the field's text only goes to the server.
 */
export function AddWidgetForm({ nextIndex }: { nextIndex: number }) {
  const id = useId();
  const create = useCreateWidget();
  const [kind, setKind] = useState<Kind>('embed');
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [colSpan, setColSpan] = useState<number>(widgetSizes.defaultColSpan);
  const [rowSpan, setRowSpan] = useState<number>(widgetSizes.defaultRowSpan);
  const [error, setError] = useState<string | null>(null);

  const canAdd = title.trim() !== '' && !create.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canAdd) return;
    setError(null);
    create.mutate(
      {
        // The server derives the type from the URL and ignores this for links; it reads it only for 'profile'.
        type: kind === 'profile' ? 'profile' : 'iframe',
        title: title.trim(),
        url: kind === 'profile' ? '' : url,
        col_span: colSpan as 3 | 6 | 9 | 12,
        row_span: rowSpan as 3 | 6 | 9,
        order_index: nextIndex,
      },
      {
        onSuccess: () => {
          setTitle('');
          setUrl('');
        },
        onError: (failure) => {
          setError(
            failure instanceof ApiError
              ? (failure.fields.url ?? failure.fields.title ?? failure.message)
              : 'Could not add that widget. Please try again.',
          );
        },
      },
    );
  }

  return (
    <form aria-label="Add widget" onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Title"
          value={title}
          required
          maxLength={WIDGET_LIMITS.titleMax}
          onChange={(event) => setTitle(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-kind`} className={labelClass}>
            Widget
          </label>
          <select
            id={`${id}-kind`}
            className={selectClass}
            value={kind}
            onChange={(event) => setKind(event.target.value as Kind)}
          >
            <option value="embed">Link or embed code</option>
            <option value="profile">My profile</option>
          </select>
        </div>
      </div>
      {kind === 'embed' ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-url`} className={labelClass}>
            URL or embed code
          </label>
          {/*
            A textarea, not <input type="url">, although part 2 §5 says the field is of URL type: the same field
            must take pasted embed code (§2, §4), which a URL input would refuse before sending and would squash
            onto one line. The server is what checks the link (toEmbed), so the browser's URL check adds nothing.
          */}
          <textarea
            id={`${id}-url`}
            rows={2}
            value={url}
            maxLength={EMBED_LIMITS.inputMax}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            placeholder="https://www.youtube.com/watch?v=… or <iframe src=…>"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(event) => setUrl(event.target.value)}
            className="min-h-11 rounded-2xl border border-(--line) bg-(--surface-strong) px-4 py-2 font-mono text-sm text-(--ink) placeholder:text-(--ink-muted) aria-invalid:border-(--danger)"
          />
          <p id={`${id}-hint`} className="text-sm text-(--ink-muted)">
            YouTube, Spotify, Suno, Google Calendar, or any secure (https://) page.
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-width`} className={labelClass}>
            Width
          </label>
          <select
            id={`${id}-width`}
            className={selectClass}
            value={colSpan}
            onChange={(event) => setColSpan(Number(event.target.value))}
          >
            {widgetSizes.widths.map((width) => (
              <option key={width.span} value={width.span}>
                {width.label} ({width.span})
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-height`} className={labelClass}>
            Height
          </label>
          <select
            id={`${id}-height`}
            className={selectClass}
            value={rowSpan}
            onChange={(event) => setRowSpan(Number(event.target.value))}
          >
            {widgetSizes.heights.map((height) => (
              <option key={height.span} value={height.span}>
                {height.label} ({height.span})
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={!canAdd} busy={create.isPending}>
          <Plus aria-hidden="true" className="size-5" />
          Add widget
        </Button>
      </div>
      {error ? (
        <div id={`${id}-error`}>
          <Alert>{error}</Alert>
        </div>
      ) : null}
    </form>
  );
}
