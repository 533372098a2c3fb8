import type { ComponentProps } from 'react';

/** The frosted, translucent surface every card and panel sits on. */
export function GlassPanel({ className = '', ...rest }: ComponentProps<'section'>) {
  return <section className={`glass rounded-3xl p-6 ${className}`} {...rest} />;
}
