import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type CreateTaskRequest,
  createTaskRequestSchema,
  presetLabels,
  TASK_LIMITS,
  taskLabelSchema,
} from '#shared/tasks.ts';
import { Button } from '#web/ui/button.tsx';
import { TextField } from '#web/ui/text-field.tsx';
import { useCreateTask } from '../api/create-task.ts';

const chipBase =
  'inline-flex min-h-9 items-center gap-1 rounded-full border px-3 py-1 text-sm font-semibold transition-colors';
const inputClasses =
  'min-h-11 rounded-2xl border border-(--line) bg-(--surface-strong) px-4 py-2 text-(--ink) placeholder:text-(--ink-muted)';

/** `POST /api/tasks`'s own schema, so the form refuses nothing the server takes. */
const newTaskResolver = zodResolver(createTaskRequestSchema);
type NewTaskInput = z.input<typeof createTaskRequestSchema>;
/** No due date is null in the form (what an empty date field gives), and left out of the request. */
const emptyTask: NewTaskInput = { title: '', labels: [], due_date: null };

/**
 * Adds a task: a title (trimmed; empty sends nothing, part 1 §5), the six preset quick labels as toggles,
 * custom labels (trimmed, non-empty, not one already chosen) and an optional due date. The task shows at once;
 * if the server refuses, it goes again and the title comes back into the field.
 */
export function NewTaskForm() {
  const id = useId();
  const { register, handleSubmit, watch, getValues, setValue, reset, resetField, setFocus } = useForm<
    NewTaskInput,
    unknown,
    CreateTaskRequest
  >({ resolver: newTaskResolver, defaultValues: emptyTask });
  // The label being typed is not the task's until Add label (or Enter) puts it among the labels.
  const [customLabel, setCustomLabel] = useState('');
  const { mutate: createTask } = useCreateTask();
  const labels = watch('labels') ?? [];
  const atLabelLimit = labels.length >= TASK_LIMITS.labelsMax;

  function toggleLabel(label: string) {
    const current = getValues('labels') ?? [];
    setValue(
      'labels',
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
    const current = getValues('labels') ?? [];
    // Already chosen: nothing to add, and the field is cleared as if it had been.
    if (!current.includes(label.data) && !atLabelLimit) setValue('labels', [...current, label.data]);
    setCustomLabel('');
  }

  function onCustomLabelKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the label; it must not submit the whole task.
    event.preventDefault();
    addCustomLabel();
  }

  const onSubmit = handleSubmit(
    ({ title, labels, due_date }) => {
      // No labels and no date are left out of the request rather than sent empty.
      const request: CreateTaskRequest = { title };
      if (labels && labels.length > 0) request.labels = labels;
      if (due_date) request.due_date = due_date;
      createTask(request, {
        // The task is taken away again: its title comes back, unless something new was typed meanwhile.
        onError: () => {
          if (getValues('title') === '') setValue('title', title);
        },
      });
      setFocus('title');
      reset(emptyTask);
    },
    // An empty or blank title sends nothing and says nothing (part 1 §5): the field is emptied, focus stays.
    (invalid) => {
      if (!invalid.title) return;
      resetField('title');
      setFocus('title');
    },
  );

  const customLabels = labels.filter((label) => !(presetLabels as readonly string[]).includes(label));

  return (
    <form aria-label="New task" noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          {...register('title')}
          label="New task"
          placeholder="What needs doing?"
          maxLength={TASK_LIMITS.titleMax}
          className="flex-1"
          autoComplete="off"
        />
        <Button type="submit">
          <Plus aria-hidden="true" className="size-5" />
          Add task
        </Button>
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-(--ink)">Labels</legend>
        <div className="flex flex-wrap gap-2">
          {presetLabels.map((label) => {
            const selected = labels.includes(label);
            return (
              <button
                key={label}
                type="button"
                aria-pressed={selected}
                onClick={() => toggleLabel(label)}
                className={`${chipBase} ${
                  selected
                    ? 'border-(--accent) bg-(--accent) text-(--on-accent)'
                    : 'border-(--line) bg-(--surface-strong) text-(--ink) hover:border-(--accent)/50'
                }`}
              >
                {label}
              </button>
            );
          })}
        </div>
        {customLabels.length > 0 ? (
          <ul aria-label="Custom labels" className="flex flex-wrap gap-2">
            {customLabels.map((label) => (
              <li key={label}>
                <span className={`${chipBase} border-(--accent) bg-(--accent) pr-1 text-(--on-accent)`}>
                  {label}
                  <button
                    type="button"
                    aria-label={`Remove label ${label}`}
                    onClick={() => toggleLabel(label)}
                    className="grid size-7 place-items-center rounded-full hover:bg-white/20"
                  >
                    <X aria-hidden="true" className="size-3.5" />
                  </button>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <label htmlFor={`${id}-custom`} className="text-sm font-semibold text-(--ink)">
              Custom label
            </label>
            <input
              id={`${id}-custom`}
              value={customLabel}
              maxLength={TASK_LIMITS.labelMax}
              placeholder="e.g. launch"
              autoComplete="off"
              disabled={atLabelLimit}
              onChange={(event) => setCustomLabel(event.target.value)}
              onKeyDown={onCustomLabelKeyDown}
              className={inputClasses}
            />
          </div>
          <Button variant="secondary" onClick={addCustomLabel} disabled={atLabelLimit}>
            Add label
          </Button>
        </div>
      </fieldset>

      <div className="flex flex-col gap-1.5 sm:max-w-56">
        <label htmlFor={`${id}-due`} className="text-sm font-semibold text-(--ink)">
          Due date (optional)
        </label>
        <input
          {...register('due_date', { setValueAs: (value: string) => (value === '' ? null : value) })}
          id={`${id}-due`}
          type="date"
          className={inputClasses}
        />
      </div>
    </form>
  );
}
