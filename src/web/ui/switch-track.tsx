/**
 * The visual track and knob of an on/off switch. The `role="switch"` button around it carries the state and the
 * label; this part is hidden from assistive technology.
 */
export function SwitchTrack({ on }: { on: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-(--line) transition-colors ${
        on ? 'bg-(--accent)' : 'bg-(--ink-muted)/40'
      }`}
    >
      <span
        className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${
          on ? 'translate-x-5' : 'translate-x-0.5'
        }`}
      />
    </span>
  );
}
