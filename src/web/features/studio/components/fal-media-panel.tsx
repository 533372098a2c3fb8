import { NotYetPanel } from './not-yet-panel.tsx';

/** The Fal.ai Media tab (part 2 §2), until the media issue builds it. */
export function FalMediaPanel() {
  return (
    <NotYetPanel title="Fal.ai Media">
      <p className="text-(--ink)">
        Image, video and audio generation with fal.ai is not available yet. It is coming in a later update.
      </p>
      <p className="text-(--ink-muted)">
        Meanwhile the AI Chat tab works: chat with Lumara, run quick actions, optimize prompts and research
        with real citations.
      </p>
    </NotYetPanel>
  );
}
