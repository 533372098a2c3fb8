import { unlockAudio } from './audio-context.ts';

/** Two soft bell-like notes, about a second in all: the timer's "done" sound. */
const NOTES = [
  { frequency: 880, at: 0 },
  { frequency: 1318.5, at: 0.28 },
] as const;
const NOTE_SECONDS = 0.7;
const PEAK_GAIN = 0.25;

export function playChime(): void {
  const context = unlockAudio();
  if (!context) return;
  const start = context.currentTime + 0.02;
  for (const note of NOTES) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = note.frequency;
    const noteStart = start + note.at;
    gain.gain.setValueAtTime(0, noteStart);
    gain.gain.linearRampToValueAtTime(PEAK_GAIN, noteStart + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, noteStart + NOTE_SECONDS);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start(noteStart);
    oscillator.stop(noteStart + NOTE_SECONDS + 0.05);
    oscillator.onended = () => gain.disconnect();
  }
}
