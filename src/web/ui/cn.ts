/**
 * The classes of an element from a component's own and its caller's: joined, the ones a condition turned off
 * (`false`, `null`, `undefined`, `''`) left out. It does not settle conflicts (two paddings both stay, and the
 * stylesheet's order decides), so what a caller adds must not set what the component's base sets, or must win
 * with Tailwind's `!`. Decision 0033 says why this is neither tailwind-merge nor clsx.
 */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
