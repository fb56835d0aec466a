import { INGEST_LIMITS as L } from './limits.js';
import { INGEST_MESSAGES as M } from './messages.js';

/**
 * How big and how deep a parsed JSON value is, without serialising it.
 *
 * Ingest holds every object field of a log to a size (`maxObjectFieldChars`) and a nesting
 * depth (`maxObjectDepth`). Serialising each field to measure it cost the gateway a
 * JSON.stringify per field and log (6 % of its CPU with the Python client's 1,000-log
 * batches). This walk answers an upper bound of the serialised length instead: a string
 * counts 6 characters per UTF-16 unit (the longest escape, `\u001f`), a number 24 (the longest
 * a double prints as), so a field within the bound is within the limit for sure, and only a
 * field past it is serialised to know exactly. The walk keeps its own stack: a value nested
 * deeper than any limit (JSON.parse builds them happily) cannot overflow the call stack here.
 */
export interface JsonExtent {
  /** At least JSON.stringify(value).length. */
  charsBound: number;
  /** Nesting levels: 0 for a scalar, 1 for `{}` or `[1]`, 2 for `{"a":[]}`… */
  depth: number;
}

const NUMBER_CHARS = 24;
const ESCAPE_CHARS = 6;

/**
 * The extent of `value` (plain JSON data, as JSON.parse makes it). Stops walking, and answers
 * `depth: maxDepth + 1`, as soon as something nests deeper than `maxDepth`.
 */
export function jsonExtent(value: unknown, maxDepth: number): JsonExtent {
  let chars = 0;
  let deepest = 0;
  const stack: unknown[] = [value];
  const depths: number[] = [0];
  while (stack.length > 0) {
    const item = stack.pop();
    const depth = depths.pop()!;
    if (typeof item === 'string') chars += 2 + ESCAPE_CHARS * item.length;
    else if (typeof item === 'number') chars += NUMBER_CHARS;
    else if (item === null || typeof item !== 'object') chars += 5; // true, false, null
    else {
      const level = depth + 1;
      if (level > maxDepth) return { charsBound: chars, depth: level };
      if (level > deepest) deepest = level;
      // Not plain data (a Date, say): JSON.stringify writes what toJSON answers, unbounded here.
      if (typeof (item as { toJSON?: unknown }).toJSON === 'function') chars = Infinity;
      chars += 2;
      if (Array.isArray(item)) {
        chars += item.length;
        for (let i = 0; i < item.length; i++) {
          stack.push(item[i]);
          depths.push(level);
        }
      } else {
        const record = item as Record<string, unknown>;
        for (const key in record) {
          if (!Object.hasOwn(record, key)) continue;
          chars += 4 + ESCAPE_CHARS * key.length; // "key":…,
          stack.push(record[key]);
          depths.push(level);
        }
      }
    }
  }
  return { charsBound: chars, depth: deepest };
}

/**
 * The Turkish detail refusing an object field a client sent (a log's metadata, a timing's
 * request…): nested deeper than `maxObjectDepth`, or longer than `maxObjectFieldChars`
 * serialised; undefined when it is within both. `mayBeLarge: false` (the whole body was within
 * the size limit) skips the size check; the depth is always checked.
 */
export function objectFieldError(field: string, value: unknown, mayBeLarge = true): string | undefined {
  const extent = jsonExtent(value, L.maxObjectDepth);
  if (extent.depth > L.maxObjectDepth) return M.fieldTooDeep(field);
  if (mayBeLarge && extent.charsBound > L.maxObjectFieldChars && JSON.stringify(value).length > L.maxObjectFieldChars) return M.fieldTooLarge(field);
  return undefined;
}
