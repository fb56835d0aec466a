import { useCallback, useState, type FormEvent } from 'react';
import type { z } from 'zod';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** The first message per top-level field of a failed parse. */
export function issuesToErrors<T>(error: z.ZodError): FieldErrors<T> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors as FieldErrors<T>;
}

/**
 * Form state validated by one of the domain's zod schemas. Errors appear on submit; after a
 * failed submit every change is re-validated, so a message goes away as soon as it is fixed.
 */
export function useZodForm<S extends z.ZodType, V extends Record<string, unknown>>(schema: S, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitted, setSubmitted] = useState(false);

  const validate = useCallback(
    (next: V) => {
      const result = schema.safeParse(next);
      const nextErrors = result.success ? {} : issuesToErrors<V>(result.error);
      setErrors(nextErrors);
      return result;
    },
    [schema],
  );

  const setField = useCallback(
    <K extends keyof V>(key: K, value: V[K]) => {
      setValues((prev) => {
        const next = { ...prev, [key]: value };
        if (submitted) validate(next);
        return next;
      });
    },
    [submitted, validate],
  );

  const handleSubmit = (onValid: (data: z.output<S>) => void | Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(values);
    if (result.success) void onValid(result.data);
  };

  const reset = (next: V = initial) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, setErrors, setField, handleSubmit, reset };
}
