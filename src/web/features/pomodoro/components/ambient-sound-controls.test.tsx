import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import type { AmbientSoundId } from '../model/ambient.ts';
import { AmbientSoundControls } from './ambient-sound-controls.tsx';

function fakeStart() {
  const stops: string[] = [];
  const start = vi.fn((id: AmbientSoundId, _volume: number) => () => {
    stops.push(id);
  });
  return { start, stops };
}

function pressed(name: string) {
  return screen.getByRole('button', { name }).getAttribute('aria-pressed');
}

describe('AmbientSoundControls', () => {
  it('has Rain, Forest, Cafe and Mute as toggle buttons, none pressed at first', () => {
    render(<AmbientSoundControls startSound={fakeStart().start} />);
    expect(['Rain', 'Forest', 'Cafe', 'Mute'].map(pressed)).toEqual(['false', 'false', 'false', 'false']);
  });

  it('presses one sound at a time, releases it on a second click, and mutes by restarting silent', async () => {
    const user = userEvent.setup();
    const audio = fakeStart();
    const { unmount } = render(<AmbientSoundControls startSound={audio.start} />);

    await user.click(screen.getByRole('button', { name: 'Rain' }));
    expect(pressed('Rain')).toBe('true');
    expect(audio.start).toHaveBeenLastCalledWith('rain', 0.2);

    await user.click(screen.getByRole('button', { name: 'Forest' }));
    expect(pressed('Rain')).toBe('false');
    expect(pressed('Forest')).toBe('true');
    expect(audio.stops).toEqual(['rain']);
    expect(audio.start).toHaveBeenLastCalledWith('forest', 0.15);

    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(pressed('Mute')).toBe('true');
    expect(pressed('Forest')).toBe('true');
    expect(audio.start).toHaveBeenLastCalledWith('forest', 0);

    await user.click(screen.getByRole('button', { name: 'Forest' }));
    expect(pressed('Forest')).toBe('false');
    expect(audio.stops).toEqual(['rain', 'forest', 'forest']);
    expect(audio.start).toHaveBeenCalledTimes(3);

    await user.click(screen.getByRole('button', { name: 'Cafe' }));
    expect(audio.start).toHaveBeenLastCalledWith('cafe', 0);
    unmount();
    expect(audio.stops.at(-1)).toBe('cafe');
  });

  it('names its sounds in Spanish once the member switches', async () => {
    render(<AmbientSoundControls startSound={fakeStart().start} />);
    await act(() => activateLanguage('es'));
    expect(screen.getByRole('heading', { name: 'Sonido ambiental' })).toBeInTheDocument();
    expect(['Lluvia', 'Bosque', 'Café', 'Silenciar'].map(pressed)).toEqual([
      'false',
      'false',
      'false',
      'false',
    ]);
  });
});
