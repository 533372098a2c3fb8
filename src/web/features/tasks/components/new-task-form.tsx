import { ChevronDown, Plus, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { createTaskRequestSchema, presetLabels, TASK_LIMITS, taskLabelSchema } from '#shared/tasks.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { useShortcutHint } from '#web/lib/keyboard-shortcuts-preference.ts';
import { useShortcutAction } from '#web/lib/shortcut-actions.ts';
import { Button, IconButton } from '#web/ui/button.tsx';
import { TextField } from '#web/ui/field.tsx';
import { useCreateTask } from '../api/create-task.ts';

const chipBase =
  'inline-flex min-h-9 items-center gap-1 rounded-full border px-3 py-1 text-sm font-semibold transition-colors';

/**
 * Adds a task, in one line: a title (trimmed; empty sends nothing), and behind "Labels & date" the
 * six preset quick labels as toggles, custom labels (trimmed, non-empty, not one already chosen) and an optional
 * due date. The toggle counts what is chosen while it is closed. The task shows at once;
 * if the server refuses, it goes again and the title comes back into the field. What is sent is what
 * `POST /api/tasks`'s own schema makes of the fields, so the form refuses nothing the server takes. Plain state,
 * not react-hook-form: this form is on the dashboard's first load (decision 0021).
 */
export function NewTaskForm() {
  const t = useT();
  const id = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [labels, setLabels] = useState<string[]>([]);
  const [customLabel, setCustomLabel] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [detailsOpen, setDetailsOpen] = useState(false);
  const { mutate: createTask } = useCreateTask();
  const chosenCount = labels.length + (dueDate ? 1 : 0);
  const titleHint = useShortcutHint(t('tasks.newTask.label'), { aria: 'n', hint: 'n' });
  // The `n` shortcut: straight to the title (focusing it scrolls it into view).
  useShortcutAction('new-task', () => titleRef.current?.focus());
  const atLabelLimit = labels.length >= TASK_LIMITS.labelsMax;

  function toggleLabel(label: string) {
    setLabels((current) =>
      current.includes(label)
        ? current.filter((other) => other !== label)
        : current.length < TASK_LIMITS.labelsMax
          ? [...current, label]
          : current,
    );
  }

  function addCustomLabel() {
    // The route's label rule: trimmed, not empty.
    const label = taskLabelSchema.safeParse(customLabel);
    if (!label.success) return;
    // Already chosen: nothing to add, and the field is cleared as if it had been.
    if (!labels.includes(label.data) && !atLabelLimit) setLabels([...labels, label.data]);
    setCustomLabel('');
  }

  function onCustomLabelKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the label; it must not submit the whole task.
    event.preventDefault();
    addCustomLabel();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // No labels and no date are left out of the request rather than sent empty.
    const parsed = createTaskRequestSchema.safeParse({
      title,
      ...(labels.length > 0 ? { labels } : {}),
      ...(dueDate ? { due_date: dueDate } : {}),
    });
    if (!parsed.success) {
      // An empty or blank title sends nothing and says nothing: the field is emptied, focus stays.
      // The other fields cannot be made invalid here (chips, a capped custom label, a date picker).
      if (parsed.error.issues.some((issue) => issue.path[0] === 'title')) setTitle('');
      titleRef.current?.focus();
      return;
    }
    const request = parsed.data;
    createTask(
      { request, idempotencyKey: crypto.randomUUID() },
      {
        // The task is taken away again: its title comes back, unless something new was typed meanwhile.
        onError: () => setTitle((current) => (current === '' ? request.title : current)),
      },
    );
    setTitle('');
    setLabels([]);
    setDueDate('');
    titleRef.current?.focus();
  }

  const customLabels = labels.filter((label) => !(presetLabels as readonly string[]).includes(label));

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
          onChange={(event) => setTitle(event.target.value)}
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

      <div id={`${id}-details`} hidden={!detailsOpen} className="flex flex-col gap-3">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-(--ink)">{t('tasks.newTask.labels')}</legend>
          <div className="flex flex-wrap gap-2">
            {presetLabels.map((label) => {
              const selected = labels.includes(label);
              return (
                <Button
                  key={label}
                  variant="bare"
                  aria-pressed={selected}
                  onClick={() => toggleLabel(label)}
                  className={`${chipBase} ${
                    selected
                      ? 'border-(--accent) bg-(--accent) text-(--on-accent)'
                      : 'border-(--line) bg-(--surface-strong) text-(--ink) hover:border-(--accent)/50'
                  }`}
                >
                  {label}
                </Button>
              );
            })}
          </div>
          {customLabels.length > 0 ? (
            <ul aria-label={t('tasks.newTask.customLabels')} className="flex flex-wrap gap-2">
              {customLabels.map((label) => (
                <li key={label}>
                  <span className={`${chipBase} border-(--accent) bg-(--accent) pr-1 text-(--on-accent)`}>
                    {label}
                    <IconButton
                      label={t('tasks.newTask.removeLabel', { label })}
                      onClick={() => toggleLabel(label)}
                      className="grid size-7 place-items-center rounded-full hover:bg-white/20"
                    >
                      <X aria-hidden="true" className="size-3.5" />
                    </IconButton>
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap items-end gap-2">
            <TextField
              label={t('tasks.newTask.customLabel')}
              className="min-w-0 flex-1"
              value={customLabel}
              maxLength={TASK_LIMITS.labelMax}
              placeholder={t('tasks.newTask.customLabelPlaceholder')}
              autoComplete="off"
              disabled={atLabelLimit}
              onChange={(event) => setCustomLabel(event.target.value)}
              onKeyDown={onCustomLabelKeyDown}
            />
            <Button variant="secondary" onClick={addCustomLabel} disabled={atLabelLimit}>
              {t('tasks.newTask.addLabel')}
            </Button>
          </div>
        </fieldset>

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
