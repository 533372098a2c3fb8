import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFETTI_DEFAULTS, Confetti } from './confetti.tsx';

const pieces = () => document.querySelectorAll('[data-confetti-piece]');
const overlay = () => document.querySelector<HTMLElement>('[data-testid="confetti"]');

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('Confetti', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('throws 50 emoji pieces for 3 seconds by default', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(<Confetti onDone={onDone} />);

    expect(CONFETTI_DEFAULTS).toEqual({ pieces: 50, durationMs: 3000 });
    expect(pieces()).toHaveLength(50);
    act(() => vi.advanceTimersByTime(2999));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('throws as many pieces for as long as asked: 60 for 4 seconds on completion', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(<Confetti pieces={60} durationMs={4000} onDone={onDone} />);

    expect(pieces()).toHaveLength(60);
    act(() => vi.advanceTimersByTime(3999));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('is decoration only: hidden from assistive technology, never in the pointer’s way, over the whole window', () => {
    render(<Confetti />);
    const element = overlay();
    expect(element).toHaveAttribute('aria-hidden', 'true');
    expect(element).toHaveClass('pointer-events-none', 'fixed', 'inset-0');
    // Outside any card: a backdrop-filter would otherwise trap the fixed overlay inside it.
    expect(element?.parentElement).toBe(document.body);
  });

  it('lands every piece before the time is up', () => {
    render(<Confetti durationMs={4000} />);
    for (const piece of pieces() as NodeListOf<HTMLElement>) {
      const total =
        Number.parseInt(piece.style.animationDuration, 10) + Number.parseInt(piece.style.animationDelay, 10);
      expect(total).toBeLessThanOrEqual(4000);
    }
  });

  it('moves nothing for a member who prefers reduced motion, and is done at once', () => {
    vi.useFakeTimers();
    preferReducedMotion(true);
    const onDone = vi.fn();
    render(<Confetti pieces={60} durationMs={4000} onDone={onDone} />);

    expect(overlay()).toBeNull();
    expect(pieces()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(0));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('falls as usual when the member has not asked for less motion', () => {
    preferReducedMotion(false);
    render(<Confetti />);
    expect(pieces()).toHaveLength(50);
  });
});
