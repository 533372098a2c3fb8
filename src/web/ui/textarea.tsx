import type { ComponentProps } from 'react';
import { cn } from './cn.ts';
import { useFieldControl } from './field.tsx';
import { controlClass } from './field-classes.ts';

/** A text area with the fields' look; inside a Field it takes the field's label, hint and error. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea {...useFieldControl(props)} className={cn(controlClass, className)} />;
}
