import type { ComponentProps } from 'react';
import { cn } from './cn.ts';
import { Field, type FieldProps, useFieldControl } from './field.tsx';
import { controlClass } from './field-classes.ts';

/** A text box with the fields' look; inside a Field it takes the field's label, hint and error. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input {...useFieldControl(props)} className={cn(controlClass, className)} />;
}

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> &
  Pick<FieldProps, 'label' | 'hideLabel' | 'hint' | 'error'> & {
    /** The wrapper's classes (its place in a row), as Field's. */
    className?: string;
  };

/** The common case: a labelled text box, as a Field holding an Input. */
export function TextField({ label, hideLabel, hint, error, className, ...rest }: TextFieldProps) {
  return (
    <Field label={label} hideLabel={hideLabel} hint={hint} error={error} className={className}>
      <Input {...rest} />
    </Field>
  );
}
