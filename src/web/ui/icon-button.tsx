import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

export type IconButtonProps = Omit<ComponentProps<'button'>, 'aria-label' | 'aria-labelledby'> & {
  /** The button's name, read instead of its icon (which is `aria-hidden`): required, so no icon goes unnamed. */
  label: string;
};

/**
 * A button that shows only an icon. Its size, shape and colours are the caller's (a 36 px round action in a task
 * row, a 44 px square in a list); it is a button (`type="button"` unless told) with a name.
 */
export function IconButton({ label, type = 'button', className, ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      className={cn('grid shrink-0 place-items-center', className)}
      {...rest}
    />
  );
}
