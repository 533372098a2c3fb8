import { Plus } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { z } from 'zod';
import { EMBED_LIMITS } from '#shared/embeds.ts';
import { createWidgetBodySchema, WIDGET_LIMITS, widgetSizes } from '#shared/widgets.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { type Translate, useT } from '#web/lib/i18n/use-t.ts';
import { Alert } from '#web/ui/alert.tsx';
import { Button } from '#web/ui/button.tsx';
import { Field, Select, Textarea, TextField } from '#web/ui/field.tsx';
import { useCreateWidget } from '../api/create-widget.ts';
import { heightLabels, widthLabels } from '../lib/widget-size-labels.ts';

/**
 * `POST /api/widgets`'s own schema, so the form refuses nothing the server takes. Without `order_index`: that is
 * the widget's place in the grid, which the page gives, not the member.
 */
const addWidgetSchema = createWidgetBodySchema.omit({ order_index: true });
type AddWidgetInput = z.input<typeof addWidgetSchema>;

const emptyWidget: AddWidgetInput = {
  // The server derives the type from the URL and ignores this for links; it reads it only for 'profile'.
  type: 'iframe',
  title: '',
  url: '',
  col_span: widgetSizes.defaultColSpan,
  row_span: widgetSizes.defaultRowSpan,
};

/**
 * What the form's own check found, in the interface's language: the form's own words for a missing title and a
 * text too long, else the schema's reason (worded in the interface's language as it checked). The URL first, then
 * the title.
 */
function formErrorText(t: Translate, error: z.ZodError<AddWidgetInput>): string {
  const issue = error.issues.find((found) => found.path[0] === 'url') ?? error.issues[0];
  if (issue?.path[0] === 'title' && issue.code === 'too_small') return t('widgets.form.titleRequired');
  if (issue?.code === 'too_big') {
    const max = issue.path[0] === 'title' ? WIDGET_LIMITS.titleMax : EMBED_LIMITS.inputMax;
    return t('widgets.form.tooLong', { max });
  }
  // Any other rule: its own words, which the schema gives in the interface's language.
  return issue ? issue.message : t('widgets.form.addFailed');
}

/**
 * Title (required: Add is disabled without it), URL or pasted embed code, width and height
 * (default 6 x 6). The server decides what the widget shows and says why when it refuses; its reason is shown
 * here. Nothing pasted is ever rendered: the field's text only goes to the server. One state of the fields,
 * checked on submit by the route's schema; not react-hook-form: this form is on the dashboard's first load
 * (decision 0021).
 */
/**
 * The schema words its own reasons as it checks: their English (src/web/lib/i18n/shared-texts.ts) comes after the
 * dashboard's first load, not in it.
 */
const loadSharedTexts = () => import('#web/lib/i18n/shared-texts.ts');

export function AddWidgetForm({ nextIndex }: { nextIndex: number }) {
  const t = useT();
  const id = useId();
  const create = useCreateWidget();
  const [widget, setWidget] = useState<AddWidgetInput>(emptyWidget);
  // The form's own check (the same words the server would answer), else the server's refusal; a submit clears it.
  const [error, setError] = useState<string | null>(null);
  const { type, title = '', url = '' } = widget;
  const canAdd = title.trim() !== '' && !create.isPending;
  const change = (changes: Partial<AddWidgetInput>) => setWidget((current) => ({ ...current, ...changes }));
  // Fetched once the form is on screen, so the check below finds it loaded: a submit then waits no round trip,
  // and a second click cannot slip in before the first has started adding.
  useEffect(() => {
    void loadSharedTexts();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canAdd) return;
    await loadSharedTexts();
    const parsed = addWidgetSchema.safeParse(widget);
    if (!parsed.success) {
      setError(formErrorText(t, parsed.error));
      return;
    }
    setError(null);
    create.mutate(
      // A profile widget has no URL: what was typed before switching to it stays in the form but is not sent.
      { ...parsed.data, url: parsed.data.type === 'profile' ? '' : parsed.data.url, order_index: nextIndex },
      {
        onSuccess: () => change({ title: '', url: '' }),
        onError: (failure) => {
          setError(
            failure instanceof ApiError
              ? (failure.fields.url ?? failure.fields.title ?? failure.message)
              : t('widgets.form.addFailed'),
          );
        },
      },
    );
  }

  return (
    <form aria-label={t('widgets.form.add')} onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t('widgets.form.title')}
          value={title}
          required
          maxLength={WIDGET_LIMITS.titleMax}
          onChange={(event) => change({ title: event.target.value })}
        />
        <Field label={t('widgets.form.kind')}>
          <Select
            value={type}
            onChange={(event) => change({ type: event.target.value === 'profile' ? 'profile' : 'iframe' })}
          >
            <option value="iframe">{t('widgets.form.kindLink')}</option>
            <option value="profile">{t('widgets.form.kindProfile')}</option>
          </Select>
        </Field>
      </div>
      {type !== 'profile' ? (
        <Field label={t('widgets.form.url')} hint={t('widgets.form.urlHint')}>
          {/*
            A textarea, not <input type="url">, although the field takes a link: the same field
            must take pasted embed code, which a URL input would refuse before sending and would squash
            onto one line. The server is what checks the link (toEmbed), so the browser's URL check adds nothing.
          */}
          <Textarea
            value={url}
            onChange={(event) => change({ url: event.target.value })}
            rows={2}
            maxLength={EMBED_LIMITS.inputMax}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            placeholder={t('widgets.form.urlPlaceholder')}
            // The refusal is said beneath the form (it may be the server's, about the whole widget) and read here.
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="font-mono text-sm"
          />
        </Field>
      ) : null}
      <div className="flex flex-wrap items-end gap-4">
        <Field label={t('widgets.form.width')}>
          <Select
            value={widget.col_span}
            onChange={(event) =>
              change({ col_span: Number(event.target.value) as AddWidgetInput['col_span'] })
            }
          >
            {widgetSizes.widths.map((width) => (
              <option key={width.span} value={width.span}>
                {t(widthLabels[width.span])} ({width.span})
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('widgets.form.height')}>
          <Select
            value={widget.row_span}
            onChange={(event) =>
              change({ row_span: Number(event.target.value) as AddWidgetInput['row_span'] })
            }
          >
            {widgetSizes.heights.map((height) => (
              <option key={height.span} value={height.span}>
                {t(heightLabels[height.span])} ({height.span})
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={!canAdd} busy={create.isPending}>
          <Plus aria-hidden="true" className="size-5" />
          {t('widgets.form.add')}
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
