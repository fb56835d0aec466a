import { AppError, SERVER_MESSAGES, type FieldErrors } from '@seyir/domain';
import type { z } from 'zod';

/**
 * Parses input with a domain schema. On failure throws a 422 whose `detail` is the first
 * problem's Turkish message and whose `fields` maps each field to its first message.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? SERVER_MESSAGES.validationFailed;
  throw new AppError('VALIDATION_FAILED', first, { fields });
}
