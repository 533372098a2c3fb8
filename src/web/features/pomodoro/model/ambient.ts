import type { MessageKey } from '#web/lib/i18n/use-t.ts';

/**
 * The focus page's ambient sound buttons (Rain, Forest, Cafe) and their volume levels. `label` is the
 * button's message key, shown through `t()`.
 */
export const ambientSounds = [
  { id: 'rain', label: 'pomodoro.ambient.rain', volume: 0.2 },
  { id: 'forest', label: 'pomodoro.ambient.forest', volume: 0.15 },
  { id: 'cafe', label: 'pomodoro.ambient.cafe', volume: 0.1 },
] as const satisfies readonly { id: string; label: MessageKey; volume: number }[];

export type AmbientSoundId = (typeof ambientSounds)[number]['id'];

export function ambientVolume(id: AmbientSoundId): number {
  return ambientSounds.find((sound) => sound.id === id)?.volume ?? 0;
}

export type AmbientState = { playing: AmbientSoundId | null; muted: boolean };

export const quietAmbient: AmbientState = { playing: null, muted: false };

/** Only one sound plays at a time; clicking the one playing stops it. */
export function toggleAmbientSound(state: AmbientState, id: AmbientSoundId): AmbientState {
  return { ...state, playing: state.playing === id ? null : id };
}

export function toggleAmbientMute(state: AmbientState): AmbientState {
  return { ...state, muted: !state.muted };
}

/** Starts one sound at a volume and answers how to stop it. The real one synthesizes; tests pass a fake. */
export type StartAmbientSound = (id: AmbientSoundId, volume: number) => () => void;

/**
 * Keeps what is audible in step with an AmbientState: at most one sound, and a change of sound or of mute
 * restarts it ("Mute restarts it silent"), at volume 0 when muted.
 */
export function createAmbientPlayer(startSound: StartAmbientSound) {
  let current: { id: AmbientSoundId; muted: boolean; stop: () => void } | null = null;
  function stop() {
    current?.stop();
    current = null;
  }
  return {
    apply(state: AmbientState) {
      if (current && current.id === state.playing && current.muted === state.muted) return;
      stop();
      if (state.playing === null) return;
      const volume = state.muted ? 0 : ambientVolume(state.playing);
      current = { id: state.playing, muted: state.muted, stop: startSound(state.playing, volume) };
    },
    stop,
  };
}
