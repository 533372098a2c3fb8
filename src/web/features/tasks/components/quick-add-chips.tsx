import { CalendarDays, Clock, Repeat, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { IconButton } from '#web/ui/button.tsx';
import { formatDayWithWeekday, formatDueTime } from '../lib/due-date.ts';
import { describeRepeat } from '../lib/repeat-text.ts';
import type { QuickAdd, QuickAddPart } from '../model/quick-add.ts';

/**
 * What the new-task line understood (loaded with its reader, quick-add-kit.ts), shown before the task is added: its date, time and repeat as chips, each
 * with a button that takes it away (its words stay in the title). A date that follows from the repeat or the time
 * is shown as where the task starts, and goes with them.
 */
export function QuickAddChips({
  id,
  understood,
  onRemove,
}: {
  id: string;
  understood: QuickAdd;
  onRemove: (part: QuickAddPart) => void;
}) {
  const t = useT();
  const format = useFormat();
  const { due_date: date, due_time: time } = understood;
  return (
    <ul id={id} aria-label={t('tasks.quickAdd.understood')} className="flex flex-wrap gap-2">
      {date ? (
        <Chip
          icon={<CalendarDays className="size-3.5" />}
          removeLabel={understood.understood.date === 'typed' ? t('tasks.quickAdd.removeDate') : null}
          onRemove={() => onRemove('date')}
        >
          {understood.understood.date === 'typed'
            ? formatDayWithWeekday(date, format)
            : t('tasks.quickAdd.startsOn', { date: formatDayWithWeekday(date, format) })}
        </Chip>
      ) : null}
      {time ? (
        <Chip
          icon={<Clock className="size-3.5" />}
          removeLabel={t('tasks.quickAdd.removeTime')}
          onRemove={() => onRemove('time')}
        >
          {formatDueTime(time, format)}
        </Chip>
      ) : null}
      {understood.repeat ? (
        <Chip
          icon={<Repeat className="size-3.5" />}
          removeLabel={t('tasks.quickAdd.removeRepeat')}
          onRemove={() => onRemove('repeat')}
        >
          {understood.rule ? describeRepeat(understood.rule, t, format) : t('tasks.item.repeats')}
        </Chip>
      ) : null}
    </ul>
  );
}

function Chip({
  icon,
  removeLabel,
  onRemove,
  children,
}: {
  icon: ReactNode;
  removeLabel: string | null;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <li
      className={`inline-flex min-h-9 items-center gap-1.5 rounded-full border border-(--accent)/40 bg-(--surface-strong) py-1 pl-3 text-sm font-semibold text-(--ink) ${
        removeLabel ? 'pr-1' : 'pr-3'
      }`}
    >
      <span aria-hidden="true" className="text-(--accent)">
        {icon}
      </span>
      {children}
      {removeLabel ? (
        <IconButton
          label={removeLabel}
          onClick={onRemove}
          className="grid size-7 place-items-center rounded-full text-(--ink-muted) hover:bg-(--surface) hover:text-(--ink)"
        >
          <X aria-hidden="true" className="size-3.5" />
        </IconButton>
      ) : null}
    </li>
  );
}
