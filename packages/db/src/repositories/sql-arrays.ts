import { stringifyStorable } from '@seyir/domain';

/** A Postgres array literal of text values, for passing string lists through `unnest(text[])`. */
export function toTextArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** JSON text for a jsonb parameter (NUL and lone surrogates replaced: jsonb refuses them), or null. */
export function toJsonParam(value: unknown): string | null {
  return value === null || value === undefined ? null : stringifyStorable(value);
}
