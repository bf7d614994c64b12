import { useCallback, useState, type ChangeEvent } from 'react';

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/** Small form state: values and per-field errors (a field's error clears when it changes). */
export function useFormState<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const next = { ...e };
      delete next[key as string];
      return next;
    });
  }, []);

  /** Props for a Mantine text-like input bound to a string field. */
  const text = (key: StringKeys<T>) => ({
    value: values[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value as T[typeof key]),
    error: errors[key as string],
  });

  return { values, setValues, errors, setErrors, set, text };
}
