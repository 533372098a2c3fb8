import { CalendarClock, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import type { CalendarSubscription, CalendarSubscriptionError } from '#shared/calendar-subscriptions.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { type MessageKey, useT } from '#web/lib/i18n/use-t.ts';
import { Button } from '#web/ui/button.tsx';
import { ConfirmDialog } from '#web/ui/confirm-dialog.tsx';
import { QueryState } from '#web/ui/query-state.tsx';
import { toast } from '#web/ui/toast.ts';
import { useDeleteSubscription } from '../api/delete-subscription.ts';
import { useSubscriptions } from '../api/get-subscriptions.ts';
import { useRefreshSubscription } from '../api/refresh-subscription.ts';

const MOMENT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** Why the last fetch failed, in the member's words. */
const errorTexts: Record<CalendarSubscriptionError, MessageKey> = {
  unreachable: 'calendarSubscriptions.errors.unreachable',
  timeout: 'calendarSubscriptions.errors.timeout',
  refused: 'calendarSubscriptions.errors.refused',
  too_large: 'calendarSubscriptions.errors.tooLarge',
  not_calendar: 'calendarSubscriptions.errors.notCalendar',
};

/** The member's subscribed calendars: colour and name, when last refreshed or why it failed, Refresh and Remove. */
export function SubscriptionList() {
  const t = useT();
  const subscriptions = useSubscriptions();
  return (
    <QueryState
      query={subscriptions}
      what={t('calendarSubscriptions.list.what')}
      isEmpty={(list) => list.length === 0}
      empty={<p className="text-sm text-(--ink-muted)">{t('calendarSubscriptions.list.none')}</p>}
    >
      {(list) => (
        <ul aria-label={t('calendarSubscriptions.list.label')} className="flex flex-col gap-2">
          {list.map((subscription) => (
            <SubscriptionRow key={subscription.id} subscription={subscription} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function SubscriptionRow({ subscription }: { subscription: CalendarSubscription }) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const refresh = useRefreshSubscription();
  const remove = useDeleteSubscription();
  const [confirming, setConfirming] = useState(false);

  function refreshNow() {
    refresh.mutate(subscription.id, {
      onSuccess: (after) =>
        after.last_error
          ? toast.error(t(errorTexts[after.last_error]))
          : toast.success(t('calendarSubscriptions.list.refreshed', { name: subscription.name })),
      onError: () => toast.error(t('calendarSubscriptions.list.refreshFailed')),
    });
  }

  function removeIt() {
    remove.mutate(subscription.id, {
      onSuccess: () => toast.success(t('calendarSubscriptions.list.removed', { name: subscription.name })),
      onError: () => toast.error(t('calendarSubscriptions.list.removeFailed')),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-(--surface-strong) p-3">
      <div className="flex min-w-0 items-start gap-2">
        <span
          aria-hidden="true"
          className="mt-1 h-4 w-1.5 shrink-0 rounded-full"
          style={{ backgroundColor: subscription.color }}
        />
        <div className="flex min-w-0 flex-col gap-0.5">
          <p id={`${id}-name`} className="font-semibold break-words text-(--ink)">
            {subscription.name}
          </p>
          <p className="text-xs break-all text-(--ink-muted)" translate="no">
            {subscription.url}
          </p>
          <p className="flex items-center gap-1 text-sm text-(--ink-muted)">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
            {subscription.last_fetched_at
              ? t('calendarSubscriptions.list.lastRefreshed', {
                  when: format.date(subscription.last_fetched_at, MOMENT),
                })
              : t('calendarSubscriptions.list.neverRefreshed')}
            {' · '}
            {t('calendarSubscriptions.list.events', { count: subscription.event_count })}
          </p>
          {subscription.last_error ? (
            <p className="text-sm font-medium text-(--danger)">
              {t('calendarSubscriptions.list.failedAt', {
                when: format.date(subscription.last_error_at ?? subscription.created_at, MOMENT),
                reason: t(errorTexts[subscription.last_error]),
              })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          aria-describedby={`${id}-name`}
          busy={refresh.isPending}
          onClick={refreshNow}
        >
          {refresh.isPending ? null : <RefreshCw aria-hidden="true" className="size-4" />}
          {refresh.isPending
            ? t('calendarSubscriptions.list.refreshing')
            : t('calendarSubscriptions.list.refresh')}
        </Button>
        <Button variant="ghost" aria-describedby={`${id}-name`} onClick={() => setConfirming(true)}>
          {t('calendarSubscriptions.list.remove')}
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('calendarSubscriptions.list.removeTitle', { name: subscription.name })}
          message={t('calendarSubscriptions.list.removeMessage')}
          confirmLabel={t('calendarSubscriptions.list.remove')}
          busy={remove.isPending}
          onConfirm={removeIt}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
