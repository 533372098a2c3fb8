/** One choice of a radio group laid out as a card: a label in bold and a line of description. */
export function ChoiceCard({
  name,
  value,
  checked,
  label,
  description,
  disabled,
  onSelect,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  description?: string;
  disabled?: boolean;
  onSelect: () => void;
}) {
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-2xl border bg-(--surface-strong) p-3 has-focus-visible:outline-3 has-focus-visible:outline-(--focus-ring) ${
        checked ? 'border-(--accent)' : 'border-(--line)'
      }`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className="mt-1 size-4 accent-(--accent)"
      />
      <span className="flex flex-col">
        <span className="font-semibold text-(--ink)">{label}</span>
        {description ? <span className="text-sm text-(--ink-muted)">{description}</span> : null}
      </span>
    </label>
  );
}
