import { useCallback } from 'react';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodFieldErrors } from './errors.ts';

type Errors = Record<string, string>;
type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/**
 * The form state of both apps, on @mantine/form: values, per-field errors (a field's error clears when it changes),
 * and, given the contract's Zod schema, `validate()` that checks the values with it and shows each field's rule in
 * the screen's language (the same schema the server validates with).
 */
export function useFormState<T extends Record<string, unknown>, S extends z.ZodType = z.ZodType<T>>(
  initial: T,
  options: { schema?: S } = {},
) {
  const { t } = useTranslation();
  const form = useForm<T>({ mode: 'controlled', initialValues: initial, clearInputErrorOnChange: true });
  const { setFieldValue, setErrors } = form;

  const set = useCallback(
    <K extends keyof T>(key: K, value: T[K]) => {
      // A function value would be taken for an updater by @mantine/form: pass it wrapped.
      setFieldValue(key as never, (typeof value === 'function' ? () => value : value) as never);
    },
    [setFieldValue],
  );

  /** Props for a Mantine text-like input bound to a string field. */
  const text = (key: StringKeys<T>) => ({
    value: form.values[key] as string,
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value as T[typeof key]),
    error: form.errors[key as string],
  });

  /** Checks the values with the schema: the parsed values, or null with each failing field's message shown. */
  const validate = (): z.infer<S> | null => {
    if (!options.schema) return form.values as z.infer<S>;
    const parsed = options.schema.safeParse(form.values);
    if (parsed.success) return parsed.data;
    setErrors(zodFieldErrors(t, parsed.error));
    return null;
  };

  return {
    values: form.values,
    setValues: form.setValues,
    errors: form.errors as Errors,
    setErrors: setErrors as (errors: Errors | ((previous: Errors) => Errors)) => void,
    set,
    text,
    validate,
  };
}
