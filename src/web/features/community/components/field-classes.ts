/** The look of the page's selects and text areas, matching TextField's input. */
export const fieldClass =
  'min-h-11 w-full rounded-2xl border border-(--line) bg-(--surface-strong) px-3 py-2 text-(--ink) placeholder:text-(--ink-muted) disabled:opacity-70';
export const labelClass = 'text-sm font-semibold text-(--ink)';
