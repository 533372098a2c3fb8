import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'bare';

/** The pill every styled variant is: 44 px tall, its content centred. */
const pillClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70';

const variantClasses: Record<ButtonVariant, string> = {
  primary: `${pillClass} bg-(--accent) text-(--on-accent) shadow-(--glow) hover:bg-(--accent-strong)`,
  secondary: `${pillClass} glass text-(--ink) hover:bg-(--surface-strong)`,
  ghost: `${pillClass} text-(--ink) hover:bg-(--surface-strong)`,
  // A control whose look is its own (a chip, a segment, a row of a list): only the caller's classes.
  bare: '',
};

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  /** Shows a spinner and refuses clicks while work the button started is under way. */
  busy?: boolean;
};

export function Button({
  variant = 'primary',
  busy = false,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cn(variantClasses[variant], className)}
      {...rest}
    >
      {busy ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
      {children}
    </button>
  );
}

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
