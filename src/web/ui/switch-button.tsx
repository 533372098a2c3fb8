import type { ReactNode } from 'react';
import { SwitchTrack } from './switch-track.tsx';

/** An on/off setting as one row: its label, then the switch; the whole row is the `role="switch"` button. */
export function SwitchButton({
  on,
  onChange,
  children,
}: {
  on: boolean;
  onChange: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={() => onChange(!on)}
      className="flex min-h-11 w-full items-center justify-between gap-3 rounded-2xl px-3 py-2 text-left font-medium text-(--ink) hover:bg-(--surface-strong)"
    >
      <span>{children}</span>
      <SwitchTrack on={on} />
    </button>
  );
}
