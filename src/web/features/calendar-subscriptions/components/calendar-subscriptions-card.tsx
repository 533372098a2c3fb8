import { CalendarPlus } from 'lucide-react';
import { useId } from 'react';
import { useT } from '#web/lib/i18n/use-t.ts';
import { GlassPanel } from '#web/ui/glass-panel.tsx';
import { AddSubscriptionForm } from './add-subscription-form.tsx';
import { SubscriptionList } from './subscription-list.tsx';

/**
 * Settings' "Calendar subscriptions" card: outside calendars (a work or school .ics link) whose events show in
 * the week calendar, refreshed every half hour. The form to add one, then the member's with Refresh and Remove.
 */
export function CalendarSubscriptionsCard() {
  const t = useT();
  const id = useId();
  return (
    <GlassPanel aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-xl font-bold text-(--ink)">
        <CalendarPlus aria-hidden="true" className="size-5 text-(--accent)" />
        {t('calendarSubscriptions.card.heading')}
      </h2>
      <p className="text-sm text-(--ink-muted)">{t('calendarSubscriptions.card.help')}</p>
      <AddSubscriptionForm />
      <section aria-labelledby={`${id}-list`} className="flex flex-col gap-3">
        <h3 id={`${id}-list`} className="font-bold text-(--ink)">
          {t('calendarSubscriptions.list.heading')}
        </h3>
        <SubscriptionList />
      </section>
    </GlassPanel>
  );
}
