import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EMBED_LIMITS } from '#shared/embeds.ts';
import { createWidgetBodySchema, WIDGET_LIMITS, widgetSizes } from '#shared/widgets.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { TextField } from '#web/ui/text-field.tsx';
import { useCreateWidget } from '../api/create-widget.ts';

/**
 * `POST /api/widgets`'s own schema, so the form refuses nothing the server takes. Without `order_index`: that is
 * the widget's place in the grid, which the page gives, not the member.
 */
const addWidgetSchema = createWidgetBodySchema.omit({ order_index: true });
const addWidgetResolver = zodResolver(addWidgetSchema);
type AddWidgetInput = z.input<typeof addWidgetSchema>;
type AddWidgetFields = z.output<typeof addWidgetSchema>;

const emptyWidget: AddWidgetInput = {
  // The server derives the type from the URL and ignores this for links; it reads it only for 'profile'.
  type: 'iframe',
  title: '',
  url: '',
  col_span: widgetSizes.defaultColSpan,
  row_span: widgetSizes.defaultRowSpan,
};

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
  const {
    register,
    handleSubmit,
    watch,
    resetField,
    setError,
    formState: { errors },
  } = useForm<AddWidgetInput, unknown, AddWidgetFields>({
    resolver: addWidgetResolver,
    defaultValues: emptyWidget,
  });
  const [type, title] = watch(['type', 'title']);
  const canAdd = title.trim() !== '' && !create.isPending;
  // One message, where the server's reason shows: the form's own check first (the same words the server would
  // answer), else the server's refusal, which the next submit clears.
  const error = errors.url?.message ?? errors.title?.message ?? errors.root?.server?.message;

  const submit = handleSubmit((widget) => {
    if (!canAdd) return;
    create.mutate(
      // A profile widget has no URL: what was typed before switching to it stays in the form but is not sent.
      { ...widget, url: widget.type === 'profile' ? '' : widget.url, order_index: nextIndex },
      {
        onSuccess: () => {
          resetField('title');
          resetField('url');
        },
        onError: (failure) => {
          setError('root.server', {
            message:
              failure instanceof ApiError
                ? (failure.fields.url ?? failure.fields.title ?? failure.message)
                : 'Could not add that widget. Please try again.',
          });
        },
      },
    );
  });

  return (
    <form aria-label="Add widget" onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label="Title" {...register('title')} required maxLength={WIDGET_LIMITS.titleMax} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-kind`} className={labelClass}>
            Widget
          </label>
          <select {...register('type')} id={`${id}-kind`} className={selectClass}>
            <option value="iframe">Link or embed code</option>
            <option value="profile">My profile</option>
          </select>
        </div>
      </div>
      {type !== 'profile' ? (
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
            {...register('url')}
            id={`${id}-url`}
            rows={2}
            maxLength={EMBED_LIMITS.inputMax}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            placeholder="https://www.youtube.com/watch?v=… or <iframe src=…>"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
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
            {...register('col_span', { valueAsNumber: true })}
            id={`${id}-width`}
            className={selectClass}
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
            {...register('row_span', { valueAsNumber: true })}
            id={`${id}-height`}
            className={selectClass}
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
