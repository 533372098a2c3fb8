import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { Field, Input, Select } from '#web/ui/field.tsx';
import { insetBoxClass } from '#web/ui/field-classes.ts';
import { frequencyUnitKey, ordinalWord, weekdayName } from '../../lib/repeat-text.ts';
import {
  REPEAT_BUILDER_LIMITS,
  type RepeatEnd,
  type RepeatFrequency,
  type RepeatRule,
  repeatFrequencies,
  type Weekday,
  type WeekdayOrdinal,
  weekdayOf,
  weekdayOrdinals,
  weekdays,
} from '../../model/repeat-rule.ts';
import { WholeNumberInput } from './whole-number-input.tsx';

const monthDays = Array.from({ length: 31 }, (_, index) => index + 1);

/**
 * The custom repeat: every N days, weeks, months or years; the weekdays of a weekly rule; a monthly rule by day of
 * the month (or its last day) or by weekday (the 2nd Tuesday, the last Friday); and when it ends (never, after N
 * times, on a date). Each change gives the whole rule to `onChange`.
 */
export function RepeatBuilder({
  rule,
  dueDate,
  onChange,
}: {
  rule: RepeatRule;
  dueDate: string;
  onChange: (rule: RepeatRule) => void;
}) {
  const t = useT();
  const format = useFormat();
  const set = (change: Partial<RepeatRule>) => onChange({ ...rule, ...change });
  const monthlyBy = rule.nthWeekday ? 'weekday' : 'day';

  function setFrequency(freq: RepeatFrequency) {
    // What belongs to one frequency does not carry over to another; the due date fills in what is left open.
    onChange({ ...rule, freq, byDay: [], monthDay: null, nthWeekday: null, month: null });
  }

  function toggleDay(day: Weekday) {
    const byDay = rule.byDay.includes(day)
      ? rule.byDay.filter((other) => other !== day)
      : [...rule.byDay, day];
    set({ byDay: weekdays.filter((each) => byDay.includes(each)) });
  }

  function setEnd(kind: RepeatEnd['kind']) {
    if (kind === 'never') set({ end: { kind } });
    else if (kind === 'count') set({ end: { kind, count: 10 } });
    else set({ end: { kind, date: dueDate } });
  }

  return (
    <fieldset className={`${insetBoxClass} flex flex-col gap-3 p-3`}>
      <legend className="px-1 text-sm font-semibold text-(--ink)">{t('tasks.repeat.custom')}</legend>
      <div className="flex flex-wrap items-end gap-2">
        <Field label={t('tasks.repeat.every')} className="w-24">
          <WholeNumberInput
            min={1}
            max={REPEAT_BUILDER_LIMITS.intervalMax}
            value={rule.interval}
            onValue={(interval) => set({ interval })}
          />
        </Field>
        <Field label={t('tasks.repeat.unit')} className="min-w-32 flex-1">
          <Select value={rule.freq} onChange={(event) => setFrequency(event.target.value as RepeatFrequency)}>
            {repeatFrequencies.map((freq) => (
              <option key={freq} value={freq}>
                {t(frequencyUnitKey[freq], { interval: rule.interval })}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      {rule.freq === 'WEEKLY' ? (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-semibold text-(--ink)">{t('tasks.repeat.onDays')}</legend>
          <div className="flex flex-wrap gap-1.5">
            {weekdays.map((day) => {
              const on = rule.byDay.length === 0 ? day === weekdayOf(dueDate) : rule.byDay.includes(day);
              return (
                <Button
                  key={day}
                  variant="bare"
                  aria-pressed={on}
                  aria-label={weekdayName(day, format)}
                  onClick={() => toggleDay(day)}
                  className={`grid min-h-10 min-w-12 place-items-center rounded-full border px-2 text-sm font-semibold ${
                    on
                      ? 'border-(--accent) bg-(--accent) text-(--on-accent)'
                      : 'border-(--line) bg-(--surface-strong) text-(--ink) hover:border-(--accent)/50'
                  }`}
                >
                  {weekdayName(day, format, 'short')}
                </Button>
              );
            })}
          </div>
        </fieldset>
      ) : null}

      {rule.freq === 'MONTHLY' ? (
        <div className="flex flex-wrap items-end gap-2">
          <Field label={t('tasks.repeat.monthlyBy')} className="min-w-40 flex-1">
            <Select
              value={monthlyBy}
              onChange={(event) =>
                set(
                  event.target.value === 'weekday'
                    ? { monthDay: null, nthWeekday: { n: 1, weekday: weekdayOf(dueDate) } }
                    : { nthWeekday: null, monthDay: Number(dueDate.slice(8, 10)) },
                )
              }
            >
              <option value="day">{t('tasks.repeat.byMonthDay')}</option>
              <option value="weekday">{t('tasks.repeat.byWeekday')}</option>
            </Select>
          </Field>
          {rule.nthWeekday ? (
            <>
              <Field label={t('tasks.repeat.which')} className="w-32">
                <Select
                  value={rule.nthWeekday.n}
                  onChange={(event) =>
                    set({
                      nthWeekday: {
                        weekday: rule.nthWeekday?.weekday ?? weekdayOf(dueDate),
                        n: Number(event.target.value) as WeekdayOrdinal,
                      },
                    })
                  }
                >
                  {weekdayOrdinals.map((n) => (
                    <option key={n} value={n}>
                      {ordinalWord(n, t)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('tasks.repeat.weekday')} className="w-40">
                <Select
                  value={rule.nthWeekday.weekday}
                  onChange={(event) =>
                    set({
                      nthWeekday: { n: rule.nthWeekday?.n ?? 1, weekday: event.target.value as Weekday },
                    })
                  }
                >
                  {weekdays.map((day) => (
                    <option key={day} value={day}>
                      {weekdayName(day, format)}
                    </option>
                  ))}
                </Select>
              </Field>
            </>
          ) : (
            <Field label={t('tasks.repeat.dayOfMonthLabel')} className="w-40">
              <Select
                value={rule.monthDay ?? Number(dueDate.slice(8, 10))}
                onChange={(event) => set({ monthDay: Number(event.target.value) })}
              >
                {monthDays.map((day) => (
                  <option key={day} value={day}>
                    {t('tasks.repeat.dayOfMonth', { day })}
                  </option>
                ))}
                <option value={-1}>{t('tasks.repeat.lastDay')}</option>
              </Select>
            </Field>
          )}
        </div>
      ) : null}

      <div className="flex flex-wrap items-end gap-2">
        <Field label={t('tasks.repeat.ends')} className="min-w-40 flex-1">
          <Select value={rule.end.kind} onChange={(event) => setEnd(event.target.value as RepeatEnd['kind'])}>
            <option value="never">{t('tasks.repeat.endsNever')}</option>
            <option value="count">{t('tasks.repeat.endsAfter')}</option>
            <option value="until">{t('tasks.repeat.endsOn')}</option>
          </Select>
        </Field>
        {rule.end.kind === 'count' ? (
          <Field label={t('tasks.repeat.times')} className="w-28">
            <WholeNumberInput
              min={1}
              max={REPEAT_BUILDER_LIMITS.countMax}
              value={rule.end.count}
              onValue={(count) => set({ end: { kind: 'count', count } })}
            />
          </Field>
        ) : null}
        {rule.end.kind === 'until' ? (
          <Field label={t('tasks.repeat.endDate')} className="w-44">
            <Input
              type="date"
              min={dueDate}
              value={rule.end.date}
              onChange={(event) => {
                if (event.target.value) set({ end: { kind: 'until', date: event.target.value } });
              }}
            />
          </Field>
        ) : null}
      </div>
    </fieldset>
  );
}
