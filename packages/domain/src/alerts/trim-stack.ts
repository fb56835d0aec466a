import type { ExceptionInfo } from '../log/exception.js';
import { ALERT_LIMITS } from './limits.js';

function framesAsText(exception: ExceptionInfo): string {
  return (exception.frames ?? [])
    .map((f) => `  File "${f.filename ?? f.abs_path ?? f.module ?? '?'}", line ${f.lineno ?? '?'}, in ${f.function ?? '?'}${f.context_line ? `\n    ${f.context_line.trim()}` : ''}`)
    .join('\n');
}

/**
 * The stack of a log's exception as text, trimmed for an alert: the innermost lines (where it
 * failed) are kept, at most 30 lines and 4,000 characters, with a marker where lines were cut.
 */
export function trimStack(exception: ExceptionInfo | null | undefined): string {
  if (!exception) return '';
  const text = exception.traceback?.trim() || framesAsText(exception);
  if (!text) return '';
  let lines = text.split('\n');
  const cut = lines.length > ALERT_LIMITS.maxStackLines;
  if (cut) lines = lines.slice(-ALERT_LIMITS.maxStackLines);
  let out = lines.join('\n');
  if (out.length > ALERT_LIMITS.maxStackChars) out = out.slice(-ALERT_LIMITS.maxStackChars);
  return cut || out.length < text.length ? `…\n${out}` : out;
}
