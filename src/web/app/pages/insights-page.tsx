import { InsightsView } from '#web/features/insights/components/insights-view.tsx';
import { memberTimeZone, useProfileMe } from '#web/features/profile/api/get-profile-me.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { PageHeader } from '#web/ui/page-header.tsx';

/** `/insights`: the member's figures, in the zone their profile names (the browser's if they saved none). */
export function InsightsPage() {
  const t = useT();
  const profile = useProfileMe();
  const timeZone = profile.isPending ? null : memberTimeZone(profile.data);
  return (
    <>
      <PageHeader title={t('insights.title')}>
        {timeZone ? t('insights.intro', { zone: timeZone }) : null}
      </PageHeader>
      <InsightsView timeZone={timeZone} />
    </>
  );
}
