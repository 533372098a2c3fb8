import type { ComponentProps } from 'react';
import { cn } from './cn.ts';
import { useFieldControl } from './field.tsx';
import { controlClass } from './field-classes.ts';

/** A native select with the fields' look; inside a Field it takes the field's label, hint and error. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select {...useFieldControl(props)} className={cn(controlClass, className)} />;
}
