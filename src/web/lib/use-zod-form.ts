import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';

type ZodFormOptions<Schema extends z.ZodType<FieldValues, FieldValues>> = Omit<
  UseFormProps<z.input<Schema>, unknown, z.output<Schema>>,
  'resolver'
>;

/**
 * The forms' one way to hold and check their fields (decision 0033): react-hook-form, checked on submit by a
 * zod schema, usually the request schema of the route the form calls, so the form refuses nothing the server
 * takes. The fields hold the schema's input; the submit handler gets its output (trimmed, defaulted). A field's
 * problem shows in its Field (`error`), worded by the form from the issue's code; a refusal from the server is
 * the form's `root.server` error, shown in an Alert above the form's buttons, and the next submit clears it.
 * Messages stay as the last submit left them (`reValidateMode: 'onSubmit'`), not rechecked at each key, and
 * focus stays where it is unless a form asks for its first refused field (`shouldFocusError`).
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: ZodFormOptions<Schema> = {},
) {
  const resolver = useMemo(() => zodResolver(schema), [schema]);
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    reValidateMode: 'onSubmit',
    ...options,
    resolver,
  });
}
