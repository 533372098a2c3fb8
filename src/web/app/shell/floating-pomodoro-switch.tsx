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
      <span
        aria-hidden="true"
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-(--line) transition-colors ${
          enabled ? 'bg-(--accent)' : 'bg-(--ink-muted)/40'
        }`}
      >
        <span
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
            enabled ? 'translate-x-5' : 'translate-x-0.5'
          }`}
        />
      </span>
    </button>
  );
}
