import { MediaGallery } from '#web/features/media/components/media-gallery.tsx';
import { useT } from '#web/lib/i18n/use-t.ts';

/** The Gallery tab: everything the member generated and saved. */
export function GalleryPanel() {
  const t = useT();
  return (
    <section aria-label={t('studio.gallery.label')} className="glass rounded-3xl p-4 sm:p-6">
      <MediaGallery />
    </section>
  );
}
