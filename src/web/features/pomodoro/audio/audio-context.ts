/**
 * One AudioContext for the app's sounds (the chime and the ambient sounds), made on first use. Every sound is
 * synthesized with Web Audio: nothing is downloaded. Browsers start a context suspended until the page has had
 * a user gesture, so the controls call `unlockAudio()` from their click handlers.
 */
type AudioContextConstructor = new () => AudioContext;

let shared: { Context: AudioContextConstructor; context: AudioContext } | null = null;

function audioContextConstructor(): AudioContextConstructor | null {
  if (typeof window === 'undefined') return null;
  const withPrefix = window as Window & { webkitAudioContext?: AudioContextConstructor };
  return window.AudioContext ?? withPrefix.webkitAudioContext ?? null;
}

/** The app's AudioContext, or null where the browser has no Web Audio (then sounds are skipped silently). */
export function getAudioContext(): AudioContext | null {
  const Context = audioContextConstructor();
  if (!Context) return null;
  if (shared?.Context !== Context || shared.context.state === 'closed') {
    try {
      shared = { Context, context: new Context() };
    } catch {
      // Some browsers cap the number of contexts or refuse one in a locked-down frame.
      return null;
    }
  }
  return shared.context;
}

/** Call from a click or key handler: lets later sounds (the chime at 0, minutes from now) be heard. */
export function unlockAudio(): AudioContext | null {
  const context = getAudioContext();
  if (context?.state === 'suspended') {
    context.resume().catch(() => {
      // Still locked: the sound is skipped, nothing else depends on it.
    });
  }
  return context;
}
