import { CalendarSync, Copy, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { googleCalendarUrlOf, webcalUrlOf } from '#shared/calendar-feed.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { ConfirmDialog } from '#web/ui/confirm-dialog.tsx';
import { Input } from '#web/ui/field.tsx';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { toast } from '#web/ui/toast.ts';
import { useDeleteCalendarFeed } from '../api/delete-calendar-feed.ts';
import { useCalendarFeed } from '../api/get-calendar-feed.ts';
import { useReplaceCalendarFeed } from '../api/replace-calendar-feed.ts';

/** A link that looks like a secondary button: 44 px tall, so a thumb finds it on a phone. */
const linkButtonClass =
  'glass inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-(--ink) hover:bg-(--surface-strong)';

/**
 * Settings' "Calendar" card: the member's secret feed address, for Google, Apple or Outlook to subscribe to.
 * Without one, a button makes it; with one, the address with Copy, the Google and `webcal:` links, Replace
 * (asked first: calendars on the old address stop updating) and Turn off (asked too, for the same reason).
 */
export function CalendarFeedCard() {
  const t = useT();
  const id = useId();
  const feed = useCalendarFeed();

  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-xl font-bold text-(--ink)">
        <CalendarSync aria-hidden="true" className="size-5 text-(--accent)" />
        {t('calendarFeed.card.heading')}
      </h2>
      <p className="text-sm text-(--ink-muted)">{t('calendarFeed.card.help')}</p>
      <QueryState query={feed} what={t('calendarFeed.card.what')}>
        {({ url }) => (url === null ? <NoFeed /> : <FeedAddress url={url} />)}
      </QueryState>
    </GlassPanel>
  );
}

function NoFeed() {
  const t = useT();
  const create = useReplaceCalendarFeed();
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-(--ink)">{t('calendarFeed.none')}</p>
      <Button
        busy={create.isPending}
        onClick={() =>
          create.mutate(undefined, {
            onSuccess: () => toast.success(t('calendarFeed.created')),
            onError: () => toast.error(t('calendarFeed.failed')),
          })
        }
      >
        {t('calendarFeed.create')}
      </Button>
    </div>
  );
}

function FeedAddress({ url }: { url: string }) {
  const t = useT();
  const id = useId();
  const replace = useReplaceCalendarFeed();
  const turnOff = useDeleteCalendarFeed();
  const [asking, setAsking] = useState<'replace' | 'off' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('calendarFeed.copied'));
    } catch {
      toast.error(t('calendarFeed.copyFailed'));
    }
  }

  function confirm() {
    const done = { onSettled: () => setAsking(null), onError: () => toast.error(t('calendarFeed.failed')) };
    if (asking === 'replace')
      replace.mutate(undefined, { ...done, onSuccess: () => toast.success(t('calendarFeed.replaced')) });
    else turnOff.mutate(undefined, { ...done, onSuccess: () => toast.success(t('calendarFeed.turnedOff')) });
  }

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={`${id}-address`} className="text-sm font-semibold text-(--ink)">
        {t('calendarFeed.address')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={`${id}-address`}
          readOnly
          value={url}
          aria-describedby={`${id}-private`}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 basis-56 font-mono text-sm"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {t('calendarFeed.copy')}
        </Button>
      </div>
      <p id={`${id}-private`} className="text-sm text-(--ink-muted)">
        {t('calendarFeed.private')}
      </p>
      <div className="flex flex-wrap gap-2">
        <a
          href={googleCalendarUrlOf(url)}
          target="_blank"
          rel="noopener noreferrer"
          className={linkButtonClass}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {t('calendarFeed.google')}
          <span className="sr-only">{t('calendarFeed.newTab')}</span>
        </a>
        <a href={webcalUrlOf(url)} className={linkButtonClass}>
          {t('calendarFeed.webcal')}
        </a>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" onClick={() => setAsking('replace')}>
          {t('calendarFeed.replace')}
        </Button>
        <Button variant="ghost" onClick={() => setAsking('off')}>
          {t('calendarFeed.turnOff')}
        </Button>
      </div>
      {asking ? (
        <ConfirmDialog
          title={t(asking === 'replace' ? 'calendarFeed.replaceTitle' : 'calendarFeed.turnOffTitle')}
          message={t(asking === 'replace' ? 'calendarFeed.replaceMessage' : 'calendarFeed.turnOffMessage')}
          confirmLabel={t(asking === 'replace' ? 'calendarFeed.replace' : 'calendarFeed.turnOff')}
          busy={replace.isPending || turnOff.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
