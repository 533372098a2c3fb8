import type { AmbientSoundId, StartAmbientSound } from '../model/ambient.ts';
import { unlockAudio } from './audio-context.ts';

/**
 * Rain, Forest and Cafe made on the spot from filtered noise and a few oscillators, so the app ships no audio
 * files and fetches none. Each sound is a small graph into one master gain set to the sound's volume.
 */
type NoiseColour = 'white' | 'pink' | 'brown';

const NOISE_SECONDS = 4;
const noiseBuffers = new WeakMap<BaseAudioContext, Map<NoiseColour, AudioBuffer>>();

function noiseBuffer(context: BaseAudioContext, colour: NoiseColour): AudioBuffer {
  let byColour = noiseBuffers.get(context);
  if (!byColour) {
    byColour = new Map();
    noiseBuffers.set(context, byColour);
  }
  const cached = byColour.get(colour);
  if (cached) return cached;
  const length = Math.floor(context.sampleRate * NOISE_SECONDS);
  const buffer = context.createBuffer(1, length, context.sampleRate);
  const data = buffer.getChannelData(0);
  // Pink: Paul Kellet's economy filter; brown: leaky integration of white noise.
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let brown = 0;
  for (let i = 0; i < length; i++) {
    const white = Math.random() * 2 - 1;
    if (colour === 'white') {
      data[i] = white * 0.5;
    } else if (colour === 'pink') {
      b0 = 0.99765 * b0 + white * 0.099046;
      b1 = 0.963 * b1 + white * 0.2965164;
      b2 = 0.57 * b2 + white * 1.0526913;
      data[i] = (b0 + b1 + b2 + white * 0.1848) * 0.11;
    } else {
      brown = (brown + 0.02 * white) / 1.02;
      data[i] = brown * 3.5;
    }
  }
  byColour.set(colour, buffer);
  return buffer;
}

type Graph = {
  context: AudioContext;
  master: GainNode;
  sources: AudioScheduledSourceNode[];
  timers: Set<number>;
};

function noiseLayer(graph: Graph, colour: NoiseColour, filters: BiquadFilterNode[], level: number): GainNode {
  const { context } = graph;
  const source = context.createBufferSource();
  source.buffer = noiseBuffer(context, colour);
  source.loop = true;
  // Start each loop at a random point, so two sounds of one colour do not line up.
  source.start(0, Math.random() * NOISE_SECONDS);
  graph.sources.push(source);
  const gain = context.createGain();
  gain.gain.value = level;
  let node: AudioNode = source;
  for (const filter of filters) {
    node.connect(filter);
    node = filter;
  }
  node.connect(gain);
  gain.connect(graph.master);
  return gain;
}

function filter(context: BaseAudioContext, type: BiquadFilterType, frequency: number, q = 0.7) {
  const node = context.createBiquadFilter();
  node.type = type;
  node.frequency.value = frequency;
  node.Q.value = q;
  return node;
}

/** A slow swell on a gain: wind in the trees, the rise and fall of a room's chatter. */
function swell(graph: Graph, target: AudioParam, rate: number, depth: number) {
  const lfo = graph.context.createOscillator();
  lfo.frequency.value = rate;
  const amount = graph.context.createGain();
  amount.gain.value = depth;
  lfo.connect(amount);
  amount.connect(target);
  lfo.start();
  graph.sources.push(lfo);
}

/** Short tonal events (bird calls, cups) at random intervals until the sound stops. */
function sprinkle(graph: Graph, minMs: number, maxMs: number, play: (at: number) => void) {
  const schedule = () => {
    const timer = window.setTimeout(
      () => {
        graph.timers.delete(timer);
        play(graph.context.currentTime + 0.01);
        schedule();
      },
      minMs + Math.random() * (maxMs - minMs),
    );
    graph.timers.add(timer);
  };
  schedule();
}

function blip(
  graph: Graph,
  at: number,
  type: OscillatorType,
  from: number,
  to: number,
  seconds: number,
  level: number,
) {
  const { context } = graph;
  const oscillator = context.createOscillator();
  oscillator.type = type;
  oscillator.frequency.setValueAtTime(from, at);
  oscillator.frequency.exponentialRampToValueAtTime(to, at + seconds);
  const gain = context.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(level, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  oscillator.connect(gain);
  gain.connect(graph.master);
  oscillator.start(at);
  oscillator.stop(at + seconds + 0.02);
  oscillator.onended = () => gain.disconnect();
}

const builders: Record<AmbientSoundId, (graph: Graph) => void> = {
  rain(graph) {
    const { context } = graph;
    noiseLayer(graph, 'pink', [filter(context, 'highpass', 400), filter(context, 'lowpass', 6000)], 0.9);
    const patter = noiseLayer(graph, 'white', [filter(context, 'bandpass', 2800, 0.9)], 0.25);
    swell(graph, patter.gain, 0.37, 0.08);
  },
  forest(graph) {
    const { context } = graph;
    const wind = noiseLayer(graph, 'brown', [filter(context, 'lowpass', 700)], 0.7);
    swell(graph, wind.gain, 0.08, 0.3);
    noiseLayer(graph, 'pink', [filter(context, 'bandpass', 3500, 1.2)], 0.06);
    sprinkle(graph, 1800, 5200, (at) => {
      const notes = 2 + Math.floor(Math.random() * 3);
      const pitch = 2400 + Math.random() * 1600;
      for (let n = 0; n < notes; n++) blip(graph, at + n * 0.13, 'sine', pitch, pitch * 1.35, 0.09, 0.12);
    });
  },
  cafe(graph) {
    const { context } = graph;
    const murmur = noiseLayer(graph, 'pink', [filter(context, 'bandpass', 650, 0.6)], 0.9);
    swell(graph, murmur.gain, 0.23, 0.2);
    noiseLayer(graph, 'brown', [filter(context, 'lowpass', 300)], 0.4);
    sprinkle(graph, 2200, 6500, (at) => {
      const pitch = 1900 + Math.random() * 1400;
      blip(graph, at, 'triangle', pitch, pitch * 0.98, 0.18, 0.08);
    });
  },
};

export const startSynthesizedAmbientSound: StartAmbientSound = (id, volume) => {
  const context = unlockAudio();
  if (!context) return () => {};
  const master = context.createGain();
  master.gain.value = volume;
  master.connect(context.destination);
  const graph: Graph = { context, master, sources: [], timers: new Set() };
  builders[id](graph);
  return () => {
    for (const timer of graph.timers) window.clearTimeout(timer);
    for (const source of graph.sources) {
      try {
        source.stop();
      } catch {
        // Already stopped.
      }
    }
    master.disconnect();
  };
};
