import { type ClassValue, clsx } from 'clsx';

/**
 * The classes of an element from a component's own and its caller's: joined, falsy ones left out. It does not
 * resolve conflicts (two paddings both stay, and the stylesheet's order decides), so a component's base classes
 * and what its callers add must not set the same property: decision 0032 says why tailwind-merge is not used.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
