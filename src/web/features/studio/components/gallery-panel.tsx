import { MediaGallery } from '#web/features/media/components/media-gallery.tsx';

/** The Gallery tab (part 2 §2 "Media gallery"): everything the member generated and saved. */
export function GalleryPanel() {
  return (
    <section aria-label="Media gallery" className="glass rounded-3xl p-4 sm:p-6">
      <MediaGallery />
    </section>
  );
}
