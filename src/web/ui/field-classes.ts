/**
 * The look of every text box, select and text area (Input, Select, Textarea), and of the controls they cannot be
 * (a combobox's input): one bordered field, red when its value is refused (`aria-invalid`).
 */
export const controlClass =
  'min-h-11 w-full rounded-2xl border border-(--line) bg-(--surface-strong) px-4 py-2 text-(--ink) placeholder:text-(--ink-muted) disabled:opacity-70 aria-invalid:border-(--danger)';
export const labelClass = 'text-sm font-semibold text-(--ink)';
/** A bordered box that groups things inside a card (a fieldset, a placeholder, a skeleton row). */
export const insetPanelClass = 'rounded-2xl border border-(--line)';
