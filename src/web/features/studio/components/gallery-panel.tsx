import { Images } from 'lucide-react';
import { NotYetPanel } from './not-yet-panel.tsx';

/** The Gallery tab (part 2 §2 "Media gallery"), until the media issue builds it. */
export function GalleryPanel() {
  return (
    <NotYetPanel title="Gallery">
      <p className="inline-flex items-start gap-2 text-(--ink)">
        <Images aria-hidden="true" className="mt-1 size-4 shrink-0 text-(--accent)" />
        Your gallery will keep the images, videos and audio you generate in the studio. Media generation is
        not available yet, so there is nothing to show here.
      </p>
    </NotYetPanel>
  );
}
