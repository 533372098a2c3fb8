import { SwitchTrack } from '#web/ui/switch-track.tsx';
import { useFloatingPomodoroPreference } from './use-floating-pomodoro-preference.ts';

export function FloatingPomodoroSwitch() {
  const [enabled, setEnabled] = useFloatingPomodoroPreference();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={enabled}
      onClick={() => setEnabled(!enabled)}
      className="flex min-h-11 w-full items-center justify-between gap-3 rounded-2xl px-3 py-2 text-left font-medium text-(--ink) hover:bg-(--surface-strong)"
    >
      <span>Floating timer</span>
      <SwitchTrack on={enabled} />
    </button>
  );
}
