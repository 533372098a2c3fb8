import { CalendarDays, CheckCircle2, ExternalLink, RefreshCw, Timer } from 'lucide-react';
import { useId } from 'react';
import type { CalendarEvent } from '#shared/calendar.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { Spinner } from '#web/ui/spinner.tsx';
import { useCalendarWeek } from '../api/get-calendar-week.ts';
import {
  dayHeading,
  eventTimeText,
  externalCalendarUrl,
  externalTimeText,
  groupEventsByDay,
  todayIn,
} from '../model/week-days.ts';

/**
 * The week calendar panel: the member's own week, tasks due, focus sessions done and the events of the calendars
 * they subscribed to (each in its calendar's colour, with its name), in their time
 * zone (named in the title), with 12-hour times, a refresh button and a button to open their external calendar.
 * Day and month names and times are in the interface's language. `timeZone` is null while the profile that names
 * it loads.
 */
export function WeekCalendarPanel({ timeZone }: { timeZone: string | null }) {
  const t = useT();
  const format = useFormat();
  const headingId = useId();
  const week = useCalendarWeek(timeZone);
  const zone = week.data?.time_zone ?? timeZone;
  const today = zone ? todayIn(zone) : null;

  return (
    <GlassPanel aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold text-(--ink)">
          <CalendarDays aria-hidden="true" className="size-5 text-(--accent)" />
          <span>
            {t('calendar.week.heading')}{' '}
            {zone ? <span className="text-base font-semibold text-(--ink-muted)">({zone})</span> : null}
          </span>
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            busy={week.isFetching}
            disabled={timeZone === null}
            onClick={() => void week.refetch()}
          >
            {week.isFetching ? null : <RefreshCw aria-hidden="true" className="size-4" />}
            {week.isFetching ? t('calendar.week.refreshing') : t('calendar.week.refresh')}
          </Button>
          <a
            href={externalCalendarUrl(week.data?.days[0])}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('calendar.week.openCalendarLabel')}
            className="glass inline-flex min-h-11 items-center gap-2 rounded-full px-5 py-2.5 font-semibold text-(--ink) hover:bg-(--surface-strong)"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {t('calendar.week.openCalendar')}
          </a>
        </div>
      </div>
      {week.isPending ? (
        <Spinner label={t('calendar.week.loading')} />
      ) : week.isError ? (
        <LoadError
          what={t('calendar.week.what')}
          error={week.error}
          retrying={week.isFetching}
          onRetry={() => void week.refetch()}
        />
      ) : (
        <ol className="grid gap-2 sm:grid-cols-2 xl:grid-cols-7">
          {groupEventsByDay(week.data).map(({ day, events }) => (
            <li
              key={day}
              aria-current={day === today ? 'date' : undefined}
              className={`flex min-w-0 flex-col gap-2 rounded-2xl border bg-(--surface-strong) p-3 ${
                day === today ? 'border-(--accent)' : 'border-(--line)'
              }`}
            >
              <h3 className="text-sm font-bold text-(--ink)">
                {dayHeading(day, format)}
                {day === today ? (
                  <span className="text-(--accent-strong)"> · {t('calendar.week.today')}</span>
                ) : null}
              </h3>
              {events.length === 0 ? (
                <p className="text-sm text-(--ink-muted)">{t('calendar.week.empty')}</p>
              ) : (
                <ul className="flex flex-col gap-1.5">
                  {events.map((event) => (
                    <CalendarEntry key={event.id} event={event} timeZone={week.data.time_zone} />
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </GlassPanel>
  );
}

function CalendarEntry({ event, timeZone }: { event: CalendarEvent; timeZone: string }) {
  const t = useT();
  const format = useFormat();
  if (event.kind === 'external') return <ExternalEntry event={event} timeZone={timeZone} />;
  const Icon = event.kind === 'focus' ? Timer : CheckCircle2;
  const done = event.task_status === 'done';
  return (
    <li className="flex items-start gap-1.5 text-sm">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-(--accent)" />
      <span className="min-w-0 break-words">
        <span className={`font-semibold text-(--ink) ${done ? 'line-through' : ''}`}>{event.title}</span>
        {done ? <span className="sr-only"> {t('calendar.event.done')}</span> : null}
        <span className="block text-xs text-(--ink-muted)">
          {event.kind === 'task'
            ? t('calendar.event.due', { time: eventTimeText(event, timeZone, format, t) })
            : eventTimeText(event, timeZone, format, t)}
        </span>
      </span>
    </li>
  );
}

/**
 * An event of a subscribed calendar: a bar in its calendar's colour beside the title, which keeps the theme's
 * text colour (the colour carries no words, so contrast is the theme's), and the calendar's name in words.
 */
function ExternalEntry({ event, timeZone }: { event: CalendarEvent; timeZone: string }) {
  const t = useT();
  const format = useFormat();
  return (
    <li className="flex items-stretch gap-1.5 text-sm">
      <span
        aria-hidden="true"
        data-testid="calendar-color"
        className="w-1 shrink-0 rounded-full"
        style={{ backgroundColor: event.calendar?.color }}
      />
      <span className="min-w-0 break-words">
        <span className="font-semibold text-(--ink)">{event.title}</span>
        <span className="block text-xs text-(--ink-muted)">
          {t('calendar.event.external', {
            time: externalTimeText(event, timeZone, format, t),
            calendar: event.calendar?.name ?? '',
          })}
        </span>
      </span>
    </li>
  );
}
