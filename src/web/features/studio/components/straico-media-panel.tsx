import { NotYetPanel } from './not-yet-panel.tsx';

/** The Straico Media tab (part 2 §2), until the media issue builds it. */
export function StraicoMediaPanel() {
  return (
    <NotYetPanel title="Straico Media">
      <p className="text-(--ink)">
        Image, video and audio generation with Straico is not available yet. It is coming in a later update.
      </p>
      <p className="text-(--ink-muted)">Straico's chat models already work in the AI Chat tab.</p>
    </NotYetPanel>
  );
}
