import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';

type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-(--accent) text-(--on-accent) shadow-(--glow) hover:bg-(--accent-strong)',
  secondary: 'glass text-(--ink) hover:bg-(--surface-strong)',
  ghost: 'text-(--ink) hover:bg-(--surface-strong)',
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
  className = '',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70 ${variantClasses[variant]} ${className}`}
      {...rest}
    >
      {busy ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
      {children}
    </button>
  );
}
