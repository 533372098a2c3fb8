import { X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { presetLabels, TASK_LIMITS, taskLabelSchema } from '#shared/tasks.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button, IconButton } from '#web/ui/button.tsx';
import { TextField } from '#web/ui/field.tsx';

export const chipBase =
  'inline-flex min-h-9 items-center gap-1 rounded-full border px-3 py-1 text-sm font-semibold transition-colors';

/**
 * A task's labels, chosen: the six preset quick labels as toggles, and custom labels (trimmed, non-empty, not one
 * already chosen), each removable. At most 20 in all, as the route takes.
 */
export function LabelPicker({
  labels,
  onChange,
  error,
}: {
  labels: readonly string[];
  onChange: (labels: string[]) => void;
  error?: string | undefined;
}) {
  const t = useT();
  const [customLabel, setCustomLabel] = useState('');
  const atLabelLimit = labels.length >= TASK_LIMITS.labelsMax;
  const customLabels = labels.filter((label) => !(presetLabels as readonly string[]).includes(label));

  function toggleLabel(label: string) {
    onChange(
      labels.includes(label)
        ? labels.filter((other) => other !== label)
        : labels.length < TASK_LIMITS.labelsMax
          ? [...labels, label]
          : [...labels],
    );
  }

  function addCustomLabel() {
    // The route's label rule: trimmed, not empty.
    const label = taskLabelSchema.safeParse(customLabel);
    if (!label.success) return;
    // Already chosen: nothing to add, and the field is cleared as if it had been.
    if (!labels.includes(label.data) && !atLabelLimit) onChange([...labels, label.data]);
    setCustomLabel('');
  }

  function onCustomLabelKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the label; it must not submit the whole form.
    event.preventDefault();
    addCustomLabel();
  }

  return (
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
          error={error}
          onChange={(event) => setCustomLabel(event.target.value)}
          onKeyDown={onCustomLabelKeyDown}
        />
        <Button variant="secondary" onClick={addCustomLabel} disabled={atLabelLimit}>
          {t('tasks.newTask.addLabel')}
        </Button>
      </div>
    </fieldset>
  );
}
