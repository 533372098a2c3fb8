import { ChevronDown, Plus } from 'lucide-react';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { type CreateTaskRequest, createTaskRequestSchema, TASK_LIMITS } from '#shared/tasks.ts';
import { useLanguage, useT } from '#web/lib/i18n/use-t.ts';
import { useShortcutHint } from '#web/lib/keyboard-shortcuts-preference.ts';
import { useShortcutAction } from '#web/lib/shortcut-actions.ts';
import { Button } from '#web/ui/button.tsx';
import { TextField } from '#web/ui/field.tsx';
import { useCreateTask } from '../api/create-task.ts';
import { useQuickAddKit } from '../hooks/use-quick-add-kit.ts';
import type { QuickAddPart } from '../model/quick-add.ts';
import { LabelPicker } from './label-picker.tsx';

const noParts: ReadonlySet<QuickAddPart> = new Set();

/**
 * Adds a task, in one line: a title (trimmed; empty sends nothing), and behind "Labels & date" the
 * six preset quick labels as toggles, custom labels (trimmed, non-empty, not one already chosen) and an optional
 * due date. The toggle counts what is chosen while it is closed. The title may say when, in English or Spanish
 * ("call Ana tomorrow 5pm", "regar plantas cada 3 días"): what the line understood shows as chips before the
 * task is added, each removable, and is what Enter adds. The reader of dates loads once the member starts typing
 * (chrono-node stays out of the first load). The task shows at once; if the server refuses, it goes again and
 * the text comes back into the field. What is sent is what `POST /api/tasks`'s own schema makes of the fields,
 * so the form refuses nothing the server takes. Plain state, not react-hook-form: this form is on the
 * dashboard's first load (decision 0021).
 */
export function NewTaskForm() {
  const t = useT();
  const language = useLanguage();
  const id = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [labels, setLabels] = useState<string[]>([]);
  const [dueDate, setDueDate] = useState('');
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [ignored, setIgnored] = useState<ReadonlySet<QuickAddPart>>(noParts);
  const { kit, load: loadKit } = useQuickAddKit();
  const { mutate: createTask } = useCreateTask();
  const chosenCount = labels.length + (dueDate ? 1 : 0);
  const titleHint = useShortcutHint(t('tasks.newTask.label'), { aria: 'n', hint: 'n' });
  // The `n` shortcut: straight to the title (focusing it scrolls it into view).
  useShortcutAction('new-task', () => titleRef.current?.focus());

  const understood = useMemo(
    () =>
      kit && title.trim() !== ''
        ? kit.parseQuickAdd(title, { now: new Date(), language, ignore: ignored, startFrom: dueDate || null })
        : null,
    [kit, title, language, ignored, dueDate],
  );

  function removePart(part: QuickAddPart) {
    setIgnored((current) => new Set([...current, part]));
    titleRef.current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the chips show is what is added; no labels and no date are left out rather than sent empty.
    const when: Partial<CreateTaskRequest> = understood
      ? {
          ...(understood.due_date ? { due_date: understood.due_date } : {}),
          ...(understood.due_time ? { due_time: understood.due_time } : {}),
          ...(understood.repeat ? { repeat: understood.repeat } : {}),
        }
      : dueDate
        ? { due_date: dueDate }
        : {};
    const parsed = createTaskRequestSchema.safeParse({
      title: understood ? understood.title : title,
      ...(labels.length > 0 ? { labels } : {}),
      ...when,
    });
    if (!parsed.success) {
      // An empty or blank title sends nothing and says nothing: the field is emptied, focus stays.
      // The other fields cannot be made invalid here (chips, a capped custom label, a date picker).
      if (parsed.error.issues.some((issue) => issue.path[0] === 'title')) setTitle('');
      titleRef.current?.focus();
      return;
    }
    const request = parsed.data;
    const typed = title;
    createTask(
      { request, idempotencyKey: crypto.randomUUID() },
      {
        // The task is taken away again: what was typed comes back, unless something new was typed meanwhile.
        onError: () => setTitle((current) => (current === '' ? typed.trim() : current)),
      },
    );
    setTitle('');
    setLabels([]);
    setDueDate('');
    setIgnored(noParts);
    titleRef.current?.focus();
  }

  return (
    <form
      aria-label={t('tasks.newTask.label')}
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <TextField
          ref={titleRef}
          label={t('tasks.newTask.label')}
          hideLabel
          placeholder={t('tasks.newTask.placeholder')}
          value={title}
          maxLength={TASK_LIMITS.titleMax}
          onFocus={loadKit}
          onChange={(event) => {
            loadKit();
            setTitle(event.target.value);
          }}
          aria-describedby={understood ? `${id}-understood` : undefined}
          className="min-w-48 flex-1"
          autoComplete="off"
          {...titleHint}
        />
        <Button
          variant="secondary"
          aria-expanded={detailsOpen}
          aria-controls={`${id}-details`}
          onClick={() => setDetailsOpen((open) => !open)}
        >
          {t('tasks.newTask.details')}
          {chosenCount > 0 ? (
            <span className="text-sm text-(--ink-muted)">
              <span aria-hidden="true">· {chosenCount}</span>
              <span className="sr-only">, {t('tasks.newTask.chosenCount', { count: chosenCount })}</span>
            </span>
          ) : null}
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${detailsOpen ? 'rotate-180' : ''}`}
          />
        </Button>
        <Button type="submit">
          <Plus aria-hidden="true" className="size-5" />
          {t('tasks.newTask.submit')}
        </Button>
      </div>

      {understood && kit ? (
        <kit.QuickAddChips id={`${id}-understood`} understood={understood} onRemove={removePart} />
      ) : null}

      <div id={`${id}-details`} hidden={!detailsOpen} className="flex flex-col gap-3">
        <LabelPicker labels={labels} onChange={setLabels} />
        <TextField
          label={t('tasks.newTask.dueDate')}
          className="sm:max-w-56"
          type="date"
          value={dueDate}
          onChange={(event) => setDueDate(event.target.value)}
        />
      </div>
    </form>
  );
}
