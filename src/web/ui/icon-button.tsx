import type { ComponentProps } from 'react';

export type IconButtonProps = Omit<ComponentProps<'button'>, 'aria-label' | 'aria-labelledby'> & {
  /** The button's name, read instead of its icon (which is `aria-hidden`): required, so no icon goes unnamed. */
  label: string;
};

/**
 * A button that shows only an icon: a button (`type="button"` unless told) with a name. Its size, shape and
 * colours are the caller's (a 36 px round action in a task row, a 44 px square in a list).
 */
export function IconButton({ label, type = 'button', ...rest }: IconButtonProps) {
  return <button type={type} aria-label={label} {...rest} />;
}
