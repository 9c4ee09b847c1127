import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/** A shared zod schema whose input is what the form holds and whose output is what is sent. */
export type FormSchema<TIn extends FieldValues, TOut extends FieldValues> = z.ZodType<TOut, TIn>;

/** react-hook-form validated client-side by the same shared zod schema the API uses. */
export function useZodForm<TIn extends FieldValues, TOut extends FieldValues>(
  schema: FormSchema<TIn, TOut>,
  options: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver'> = {},
): UseFormReturn<TIn, unknown, TOut> {
  return useForm<TIn, unknown, TOut>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema),
  });
}
