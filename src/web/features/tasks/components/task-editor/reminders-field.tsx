import { BellRing, X } from 'lucide-react';
import { useId, useState } from 'react';
import { TASK_PLAN_LIMITS } from '#shared/tasks.ts';
import { type Translate, useT } from '#web/lib/i18n/use-t.ts';
import { Button, IconButton } from '#web/ui/button.tsx';
import { Field, Select } from '#web/ui/field.tsx';
import {
  addReminder,
  customReminderMinutes,
  REMINDER_PRESETS,
  type ReminderUnit,
  reminderParts,
  reminderUnits,
} from '../../model/reminders.ts';
import { WholeNumberInput } from './whole-number-input.tsx';

const CUSTOM = 'custom';

/** "At the due time", "10 minutes before", "1 day before"; "A la hora", "10 minutos antes"… */
export function reminderText(minutes: number, t: Translate): string {
  if (minutes === 0) return t('tasks.reminder.atTime');
  const { amount, unit } = reminderParts(minutes);
  return t(
    unit === 'days'
      ? 'tasks.reminder.daysBefore'
      : unit === 'hours'
        ? 'tasks.reminder.hoursBefore'
        : 'tasks.reminder.minutesBefore',
    { count: amount },
  );
}

const unitKey = {
  minutes: 'tasks.reminder.unitMinutes',
  hours: 'tasks.reminder.unitHours',
  days: 'tasks.reminder.unitDays',
} as const;

/**
 * A task's reminders, up to 5: each removable, and one more added from the presets (at the due time, 5, 10 or 30
 * minutes, 1 hour or 1 day before) or as a custom number of minutes, hours or days (up to four weeks). They need a
 * date; on a day without a time they count back from 09:00.
 */
export function RemindersField({
  reminders,
  onChange,
  hasDate,
  error,
}: {
  reminders: readonly number[];
  onChange: (reminders: number[]) => void;
  hasDate: boolean;
  error?: string | undefined;
}) {
  const t = useT();
  const id = useId();
  const [customOpen, setCustomOpen] = useState(false);
  const [amount, setAmount] = useState(15);
  const [unit, setUnit] = useState<ReminderUnit>('minutes');
  const full = reminders.length >= TASK_PLAN_LIMITS.remindersMax;
  const offered = REMINDER_PRESETS.filter((minutes) => !reminders.includes(minutes));
  const customMinutes = customReminderMinutes(amount, unit);

  function choose(choice: string) {
    if (choice === CUSTOM) {
      setCustomOpen(true);
      return;
    }
    if (choice !== '') onChange(addReminder(reminders, Number(choice)));
  }

  function addCustom() {
    if (customMinutes === null) return;
    onChange(addReminder(reminders, customMinutes));
    setCustomOpen(false);
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-1 text-sm font-semibold text-(--ink)">{t('tasks.editor.reminders')}</legend>
      {reminders.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {reminders.map((minutes) => (
            <li
              key={minutes}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-(--line) bg-(--surface-strong) py-1 pr-1 pl-3 text-sm font-semibold text-(--ink)"
            >
              <BellRing aria-hidden="true" className="size-3.5 text-(--accent)" />
              {reminderText(minutes, t)}
              <IconButton
                label={t('tasks.editor.removeReminder', { reminder: reminderText(minutes, t) })}
                onClick={() => onChange(reminders.filter((other) => other !== minutes))}
                className="grid size-7 place-items-center rounded-full text-(--ink-muted) hover:bg-(--surface) hover:text-(--ink)"
              >
                <X aria-hidden="true" className="size-3.5" />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
      <Field label={t('tasks.editor.addReminder')} hideLabel error={error}>
        <Select value="" disabled={full || !hasDate} onChange={(event) => choose(event.target.value)}>
          <option value="">{full ? t('tasks.editor.remindersFull') : t('tasks.editor.addReminder')}</option>
          {offered.map((minutes) => (
            <option key={minutes} value={minutes}>
              {reminderText(minutes, t)}
            </option>
          ))}
          <option value={CUSTOM}>{t('tasks.editor.customReminder')}</option>
        </Select>
      </Field>
      {customOpen && !full && hasDate ? (
        <div className="flex flex-wrap items-end gap-2">
          <Field
            label={t('tasks.editor.reminderAmount')}
            className="w-24"
            error={customMinutes === null ? t('tasks.editor.reminderTooFar') : undefined}
          >
            <WholeNumberInput
              min={1}
              max={TASK_PLAN_LIMITS.reminderBeforeMaxMinutes}
              value={amount}
              onValue={setAmount}
            />
          </Field>
          <Field label={t('tasks.editor.reminderUnit')} className="min-w-36 flex-1">
            <Select value={unit} onChange={(event) => setUnit(event.target.value as ReminderUnit)}>
              {reminderUnits.map((each) => (
                <option key={each} value={each}>
                  {t(unitKey[each], { count: amount })}
                </option>
              ))}
            </Select>
          </Field>
          <Button variant="secondary" onClick={addCustom} disabled={customMinutes === null}>
            {t('tasks.editor.addCustomReminder')}
          </Button>
        </div>
      ) : null}
      <p id={`${id}-hint`} className="text-sm text-(--ink-muted)">
        {hasDate ? t('tasks.editor.remindersHint') : t('tasks.editor.remindersNeedDate')}
      </p>
    </fieldset>
  );
}
