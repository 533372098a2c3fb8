/** A bordered box inside a card (a fieldset, a swatch). */
export const insetBoxClass = 'rounded-2xl border border-(--line)';
/** The same box on the solid surface: a row, a banner, a menu, a placeholder, and every field. */
export const insetSurfaceClass = `${insetBoxClass} bg-(--surface-strong)`;

/**
 * The look of every text box, select and text area (Input, Select, Textarea), and of the controls they cannot be
 * (a combobox's input): one bordered field, red when its value is refused (`aria-invalid`).
 */
export const controlClass = `min-h-11 w-full ${insetSurfaceClass} px-4 py-2 text-(--ink) placeholder:text-(--ink-muted) disabled:opacity-70 aria-invalid:border-(--danger)`;
export const labelClass = 'text-sm font-semibold text-(--ink)';
