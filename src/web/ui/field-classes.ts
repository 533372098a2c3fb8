/** The form controls' look, shared by the settings tabs and forms (TextField's, for the controls it does not cover). */
export const controlClass =
  'min-h-11 w-full rounded-2xl border border-(--line) bg-(--surface-strong) px-4 py-2 text-(--ink) placeholder:text-(--ink-muted) disabled:opacity-70';
export const labelClass = 'text-sm font-semibold text-(--ink)';
