import { useT } from '#web/lib/i18n/use-t.ts';
import { PageHeader } from '#web/ui/page-header.tsx';
import { TrackManager } from './track-manager.tsx';

/** The title and the track manager. */
export function MusicPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('music.page.title')}>{t('music.page.intro')}</PageHeader>
      <TrackManager />
    </>
  );
}
