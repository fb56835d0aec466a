import { EXCEPTION_LIMITS, type ExceptionInfo, type Frame } from '../log/exception.js';
import { normalizeMessage } from './normalize-message.js';
import { parsePythonTraceback } from './parse-python-traceback.js';

/** Longest code line that still counts; longer ones are likely minified or generated. */
const MAX_CONTEXT_LINE = 120;

/** What an exception contributes to its group, and how to show it. */
export interface ExceptionGrouping {
  /** Hash input: for each exception of the chain, root cause first, its type and frames or value. */
  components: string[];
  /** The outermost exception's type (`ValueError`), or undefined. */
  type: string | undefined;
  /** Where the outermost exception was raised in the app's code (`app.views.checkout`), or undefined. */
  culprit: string | undefined;
  /** Frames that took part (after dropping library frames and collapsing recursion). */
  frameCount: number;
  /** Whether only the application's own frames were used. */
  inAppOnly: boolean;
}

/** Library code as Python lays it out: site-packages, the standard library, frozen modules. */
export function isLibraryPath(path: string): boolean {
  const p = path.replace(/\\/g, '/');
  return (
    p.includes('/site-packages/') ||
    p.includes('/dist-packages/') ||
    /\/lib\/python\d+(?:\.\d+)?\//.test(p) ||
    /\/python\d+(?:\.\d+)?\/lib\//i.test(p) ||
    p.startsWith('<frozen ') ||
    p.startsWith('<')
  );
}

/**
 * Whether a frame is the application's: the client's `in_app` when given, else judged from
 * its path (parsed tracebacks carry no flag).
 */
function isInApp(frame: Frame): boolean {
  if (frame.in_app !== undefined) return frame.in_app;
  const path = frame.abs_path ?? frame.filename;
  return path !== undefined && !isLibraryPath(path);
}

function basename(path: string): string {
  const parts = path.replace(/\\/g, '/').split('/');
  return (parts[parts.length - 1] ?? path).toLowerCase();
}

/** `module|function|code` of a frame; never its line number, column, path or variables. */
function frameKey(frame: Frame): string | undefined {
  const path = frame.filename ?? frame.abs_path;
  const where = frame.module ?? (path !== undefined ? basename(path) : undefined);
  if (where === undefined && frame.function === undefined) return undefined;
  if (where === '<anonymous>' || where === '[native code]') return undefined;
  const code = frame.context_line?.replace(/\s+/g, ' ').trim() ?? '';
  return `${where ?? ''}|${frame.function ?? ''}|${code.length <= MAX_CONTEXT_LINE ? code : ''}`;
}

function moduleName(frame: Frame): string {
  if (frame.module) return frame.module;
  const path = frame.filename ?? frame.abs_path;
  return path !== undefined ? basename(path).replace(/\.py$/, '') : '?';
}

/** The chain as a list, root cause first (the order Python prints it). */
function flattenChain(exception: ExceptionInfo): ExceptionInfo[] {
  const chain: ExceptionInfo[] = [];
  for (let current: ExceptionInfo | undefined = exception; current && chain.length < EXCEPTION_LIMITS.maxChainDepth; current = current.cause) {
    chain.push(current);
  }
  return chain.reverse();
}

/** Fills in frames, type and value from `traceback` text when the client sent only that. */
function withParsedTraceback(exception: ExceptionInfo): ExceptionInfo {
  if ((exception.frames && exception.frames.length > 0) || !exception.traceback) return exception;
  const parsed = parsePythonTraceback(exception.traceback);
  if (!parsed) return exception;
  return {
    ...parsed,
    ...stripUndefined({ type: exception.type, value: exception.value ?? exception.message, mechanism: exception.mechanism }),
    cause: exception.cause ?? parsed.cause,
    cause_relation: exception.cause_relation ?? parsed.cause_relation,
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Grouping v1 for an exception (see the reference brief): for each exception of the chain,
 * its type (unless synthetic) and the keys of its frames (module or file name, function,
 * code line of at most 120 characters; recursion counted once). Only in-app frames count
 * when the event has any; an exception without usable frames contributes its type and
 * normalised value instead. Line numbers, paths, addresses and variables never count.
 */
export function computeExceptionGrouping(exception: ExceptionInfo): ExceptionGrouping {
  const chain = flattenChain(withParsedTraceback(exception)).map(withParsedTraceback);
  const inAppOnly = chain.some((e) => (e.frames ?? []).some(isInApp));
  const components: string[] = [];
  let frameCount = 0;
  let culprit: string | undefined;
  chain.forEach((current, index) => {
    const isOutermost = index === chain.length - 1;
    if (current.type && !current.mechanism?.synthetic) components.push(`type:${current.type}`);
    const frames = (current.frames ?? []).filter((f) => !inAppOnly || isInApp(f));
    const keys: string[] = [];
    for (const frame of frames) {
      const key = frameKey(frame);
      if (key !== undefined && key !== keys[keys.length - 1]) keys.push(key);
    }
    if (keys.length > 0) {
      components.push(...keys.map((k) => `frame:${k}`));
      frameCount += keys.length;
      const innermost = frames[frames.length - 1];
      if (isOutermost && innermost) culprit = `${moduleName(innermost)}.${innermost.function ?? '?'}`;
    } else {
      const value = current.value ?? current.message;
      if (value !== undefined && value.trim() !== '') components.push(`value:${normalizeMessage(value)}`);
    }
  });
  const outermost = chain[chain.length - 1];
  return { components, type: outermost?.type, culprit, frameCount, inAppOnly };
}
