import { describe, expect, it } from 'vitest';
import {
  type AmbientSoundId,
  createAmbientPlayer,
  quietAmbient,
  toggleAmbientMute,
  toggleAmbientSound,
} from './ambient.ts';

/** A stand-in for the Web Audio graph: records what started at which volume, and what is still playing. */
function fakeAudio() {
  const log: string[] = [];
  const playing = new Set<string>();
  let serial = 0;
  const start = (id: AmbientSoundId, volume: number) => {
    const handle = `${id}#${++serial}`;
    playing.add(handle);
    log.push(`start ${id} ${volume}`);
    return () => {
      playing.delete(handle);
      log.push(`stop ${id}`);
    };
  };
  return { start, log, playing: () => [...playing] };
}

describe('ambient sound state', () => {
  it('plays one sound at a time; clicking the one playing stops it', () => {
    let state = toggleAmbientSound(quietAmbient, 'rain');
    expect(state).toEqual({ playing: 'rain', muted: false });
    state = toggleAmbientSound(state, 'cafe');
    expect(state).toEqual({ playing: 'cafe', muted: false });
    state = toggleAmbientSound(state, 'cafe');
    expect(state).toEqual({ playing: null, muted: false });
  });

  it('mute is its own switch and survives a change of sound', () => {
    const muted = toggleAmbientMute(toggleAmbientSound(quietAmbient, 'forest'));
    expect(muted).toEqual({ playing: 'forest', muted: true });
    expect(toggleAmbientSound(muted, 'rain')).toEqual({ playing: 'rain', muted: true });
  });
});

describe('createAmbientPlayer', () => {
  it('starts each sound at its volume (rain 0.2, forest 0.15, cafe 0.1), stopping the one before', () => {
    const audio = fakeAudio();
    const player = createAmbientPlayer(audio.start);
    let state = quietAmbient;
    for (const id of ['rain', 'forest', 'cafe'] as const) {
      state = toggleAmbientSound(state, id);
      player.apply(state);
      expect(audio.playing()).toHaveLength(1);
    }
    expect(audio.log).toEqual([
      'start rain 0.2',
      'stop rain',
      'start forest 0.15',
      'stop forest',
      'start cafe 0.1',
    ]);
  });

  it('stops the active sound when it is clicked again, and does nothing for an unchanged state', () => {
    const audio = fakeAudio();
    const player = createAmbientPlayer(audio.start);
    const rain = toggleAmbientSound(quietAmbient, 'rain');
    player.apply(rain);
    player.apply(rain);
    player.apply(toggleAmbientSound(rain, 'rain'));
    expect(audio.log).toEqual(['start rain 0.2', 'stop rain']);
    expect(audio.playing()).toEqual([]);
  });

  it('Mute restarts the sound silent, and unmuting restarts it at its volume', () => {
    const audio = fakeAudio();
    const player = createAmbientPlayer(audio.start);
    let state = toggleAmbientSound(quietAmbient, 'forest');
    player.apply(state);
    state = toggleAmbientMute(state);
    player.apply(state);
    state = toggleAmbientMute(state);
    player.apply(state);
    expect(audio.log).toEqual([
      'start forest 0.15',
      'stop forest',
      'start forest 0',
      'stop forest',
      'start forest 0.15',
    ]);
    expect(audio.playing()).toHaveLength(1);
  });

  it('muting with nothing playing starts nothing; the next sound starts silent', () => {
    const audio = fakeAudio();
    const player = createAmbientPlayer(audio.start);
    const muted = toggleAmbientMute(quietAmbient);
    player.apply(muted);
    expect(audio.log).toEqual([]);
    player.apply(toggleAmbientSound(muted, 'cafe'));
    expect(audio.log).toEqual(['start cafe 0']);
  });

  it('stop() silences everything', () => {
    const audio = fakeAudio();
    const player = createAmbientPlayer(audio.start);
    player.apply(toggleAmbientSound(quietAmbient, 'rain'));
    player.stop();
    expect(audio.playing()).toEqual([]);
  });
});
