/** Escapes a value for PostgreSQL's COPY text format (backslash, tab, newline, carriage return). */
export function copyEscape(value: string): string {
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** A text[] literal for COPY (elements quoted), already COPY-escaped. */
export function copyTextArray(values: readonly string[]): string {
  return copyEscape(`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`);
}

/** COPY's NULL. */
export const COPY_NULL = '\\N';
