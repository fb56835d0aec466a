import { z } from 'zod';

/**
 * A string field that must be present and non-blank, with the spec's Turkish message for
 * both "missing" and "empty". Leading and trailing white space is removed.
 */
export function requiredString(message: string, max: { length: number; message: string }) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max.length, { error: max.message });
}

/** An optional free-text field: absent, null or blank all mean "not given". */
export function optionalString(max: { length: number; message: string }) {
  return z
    .string({ error: max.message })
    .trim()
    .max(max.length, { error: max.message })
    .nullish()
    .transform((value) => (value ? value : ''));
}
