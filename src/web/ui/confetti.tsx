import { type CSSProperties, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';

/** Confetti defaults to 50 pieces for 3 seconds. */
export const CONFETTI_DEFAULTS = { pieces: 50, durationMs: 3000 } as const;

const EMOJI = ['🎉', '✨', '💖', '🌸', '⭐', '🎊', '💜', '🦜'];
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

type Piece = { emoji: string; left: number; size: number; delayMs: number; fallMs: number; spin: number };

function makePieces(count: number, durationMs: number): Piece[] {
  return Array.from({ length: count }, (_, index) => {
    // Each piece falls for 55–80 % of the time and starts early enough to land before it ends.
    const fallMs = Math.round(durationMs * (0.55 + Math.random() * 0.25));
    return {
      emoji: EMOJI[index % EMOJI.length] ?? '🎉',
      left: Math.random() * 100,
      size: 16 + Math.random() * 16,
      delayMs: Math.round(Math.random() * (durationMs - fallMs)),
      fallMs,
      spin: (Math.random() < 0.5 ? -1 : 1) * (180 + Math.random() * 540),
    };
  });
}

function subscribeToReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the member asked their system for less motion. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToReducedMotion,
    () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches,
    () => false,
  );
}

const keyframes = `@keyframes lumara-confetti-fall {
  from { transform: translate3d(0, -8vh, 0) rotate(0deg); opacity: 1; }
  85% { opacity: 1; }
  to { transform: translate3d(0, 108vh, 0) rotate(var(--confetti-spin)); opacity: 0; }
}`;

/**
 * Emoji confetti falling over the whole window for `durationMs`, then `onDone`. Pure decoration: hidden from
 * assistive technology and transparent to the pointer, so it never blocks a click. A member who prefers
 * reduced motion gets none at all (the message that goes with it still shows).
 */
export function Confetti({
  pieces = CONFETTI_DEFAULTS.pieces,
  durationMs = CONFETTI_DEFAULTS.durationMs,
  onDone,
}: {
  pieces?: number;
  durationMs?: number;
  onDone?: () => void;
}) {
  const reducedMotion = usePrefersReducedMotion();
  const [items] = useState(() => makePieces(pieces, durationMs));
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    const timer = window.setTimeout(() => onDoneRef.current?.(), reducedMotion ? 0 : durationMs);
    return () => window.clearTimeout(timer);
  }, [durationMs, reducedMotion]);

  if (reducedMotion) return null;
  // A portal, because a backdrop-filter on any ancestor (every glass card has one) would trap `position: fixed`.
  return createPortal(
    <div
      aria-hidden="true"
      data-testid="confetti"
      className="pointer-events-none fixed inset-0 z-60 overflow-hidden select-none"
    >
      <style>{keyframes}</style>
      {items.map((piece, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never change order or count once made.
          key={index}
          data-confetti-piece=""
          className="absolute top-0 leading-none"
          style={
            {
              left: `${piece.left}%`,
              fontSize: `${piece.size}px`,
              '--confetti-spin': `${piece.spin}deg`,
              transform: 'translate3d(0, -8vh, 0)',
              animationName: 'lumara-confetti-fall',
              animationDuration: `${piece.fallMs}ms`,
              animationDelay: `${piece.delayMs}ms`,
              animationTimingFunction: 'cubic-bezier(0.3, 0.6, 0.6, 1)',
              animationFillMode: 'both',
            } as CSSProperties
          }
        >
          {piece.emoji}
        </span>
      ))}
    </div>,
    document.body,
  );
}
