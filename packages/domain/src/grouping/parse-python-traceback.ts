import { EXCEPTION_LIMITS, type ExceptionInfo, type Frame } from '../log/exception.js';

const FRAME_LINE = /^\s*File "(.*)", line (\d+)(?:, in (.*))?\s*$/;
const CAUSE_SEPARATOR = 'The above exception was the direct cause of the following exception:';
const CONTEXT_SEPARATOR = 'During handling of the above exception, another exception occurred:';
const EXCEPTION_LINE = /^([A-Za-z_][\w.]*)(?::\s?([\s\S]*))?$/;

/** Lines Python adds that are neither frames nor code: `^^^^` markers, "[Previous line repeated …]". */
function isDecoration(line: string): boolean {
  const trimmed = line.trim();
  return trimmed === '' || /^[\^~\s]+$/.test(trimmed) || /^\[Previous line repeated \d+ more times?\]$/.test(trimmed);
}

function parseOne(block: string): ExceptionInfo | undefined {
  const lines = block.split(/\r?\n/);
  const frames: Frame[] = [];
  let i = 0;
  while (i < lines.length && !(lines[i] as string).startsWith('Traceback')) i++;
  const hasHeader = i < lines.length;
  if (hasHeader) i++;
  else i = 0;
  let lastFrameLine = -1;
  for (; i < lines.length; i++) {
    const line = lines[i] as string;
    const frame = FRAME_LINE.exec(line);
    if (frame) {
      const parsed: Frame = { filename: frame[1], lineno: Number(frame[2]) };
      if (frame[3] !== undefined) parsed.function = frame[3];
      const next = lines[i + 1];
      if (next !== undefined && !FRAME_LINE.test(next) && /^\s/.test(next) && !isDecoration(next)) {
        parsed.context_line = next.trim();
        i++;
      }
      frames.push(parsed);
      lastFrameLine = i;
      continue;
    }
    if (lastFrameLine >= 0 && /^\s/.test(line)) continue; // caret lines and other indented extras
    if (isDecoration(line)) continue;
    break;
  }
  if (!hasHeader && frames.length === 0) return undefined;
  const rest = lines.slice(i).join('\n').trim();
  const info: ExceptionInfo = {};
  if (frames.length > 0) info.frames = frames.slice(-EXCEPTION_LIMITS.maxFrames);
  const exceptionLine = EXCEPTION_LINE.exec(rest);
  if (exceptionLine) {
    info.type = exceptionLine[1];
    if (exceptionLine[2] !== undefined && exceptionLine[2] !== '') info.value = exceptionLine[2];
  } else if (rest !== '') {
    info.value = rest;
  }
  return info;
}

/**
 * Parses a Python traceback as printed by `traceback.format_exception` (or sent as OTLP
 * `exception.stacktrace`) into the client's exception shape: frames oldest first with
 * `filename`, `lineno`, `function`, `context_line`; the final `Type: value` line; chained
 * exceptions ("The above exception was the direct cause …" / "During handling …") as the
 * `cause` chain. `in_app` is left unset. Returns undefined when the text holds no traceback.
 */
export function parsePythonTraceback(text: string): ExceptionInfo | undefined {
  const parts: Array<{ block: string; relation?: 'cause' | 'context' }> = [];
  let relation: 'cause' | 'context' | undefined;
  let current: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === CAUSE_SEPARATOR || trimmed === CONTEXT_SEPARATOR) {
      parts.push({ block: current.join('\n'), ...(relation ? { relation } : {}) });
      relation = trimmed === CAUSE_SEPARATOR ? 'cause' : 'context';
      current = [];
      continue;
    }
    current.push(line);
  }
  parts.push({ block: current.join('\n'), ...(relation ? { relation } : {}) });

  // Printed oldest first: each later block was raised from (or while handling) the one before.
  let chain: ExceptionInfo | undefined;
  for (const part of parts.slice(-EXCEPTION_LIMITS.maxChainDepth)) {
    const parsed = parseOne(part.block);
    if (!parsed) continue;
    if (chain && part.relation) {
      parsed.cause = chain;
      parsed.cause_relation = part.relation;
    }
    chain = parsed;
  }
  return chain;
}
