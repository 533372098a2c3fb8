import { useCallback, useEffect, useRef, useState } from 'react';
import { startSynthesizedAmbientSound } from '../audio/ambient-synth.ts';
import {
  type AmbientSoundId,
  type AmbientState,
  createAmbientPlayer,
  quietAmbient,
  type StartAmbientSound,
  toggleAmbientMute,
  toggleAmbientSound,
} from '../model/ambient.ts';

/**
 * The focus page's ambient sound. The player is driven from the click handlers themselves (not an effect),
 * because browsers let audio start only inside a user gesture. Everything stops when the page goes.
 */
export function useAmbientSound(startSound: StartAmbientSound = startSynthesizedAmbientSound) {
  const [state, setState] = useState<AmbientState>(quietAmbient);
  const current = useRef(state);
  const [player] = useState(() => createAmbientPlayer(startSound));

  const change = useCallback(
    (next: AmbientState) => {
      current.current = next;
      player.apply(next);
      setState(next);
    },
    [player],
  );

  useEffect(() => () => player.stop(), [player]);

  const toggleSound = useCallback(
    (id: AmbientSoundId) => change(toggleAmbientSound(current.current, id)),
    [change],
  );
  const toggleMute = useCallback(() => change(toggleAmbientMute(current.current)), [change]);

  return { state, toggleSound, toggleMute };
}
