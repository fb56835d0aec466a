import { QUERY_MAX_PATH_SEGMENTS } from './fields.js';

/** GET /logs/fields reads at most this many of the newest logs of the last 24 hours. */
export const FIELD_SAMPLE_LOGS = 500;
export const FIELD_SAMPLE_HOURS = 24;
/** At most this many keys, each with at most this many values of at most this many characters. */
export const FIELD_MAX_KEYS = 100;
export const FIELD_MAX_VALUES = 10;
export const FIELD_MAX_VALUE_LENGTH = 100;

/** The custom parts of one sampled log. */
export interface FieldSample {
  tags: readonly string[];
  metadata: unknown;
  context: unknown;
  request: unknown;
  response: unknown;
}

export interface FieldValueCount {
  value: string;
  count: number;
}

/** A key as the search language writes it (`metadata.user_id`, `tags`), with its top values. */
export interface FieldSummary {
  key: string;
  /** How many sampled logs carry the key. */
  count: number;
  values: FieldValueCount[];
}

/** The answer of GET /api/v1/projects/{id}/logs/fields. */
export interface LogFieldsResponse {
  sampled: number;
  since: string;
  fields: FieldSummary[];
}

const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** Scalars are values; arrays of scalars give each element; objects go one level deeper. */
function collect(value: unknown, path: string, depth: number, into: Map<string, Set<string>>): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) if (item === null || typeof item !== 'object') collect(item, path, depth, into);
    return;
  }
  if (typeof value === 'object') {
    if (depth >= QUERY_MAX_PATH_SEGMENTS) return;
    for (const [key, inner] of Object.entries(value)) if (SEGMENT.test(key)) collect(inner, `${path}.${key}`, depth + 1, into);
    return;
  }
  let values = into.get(path);
  if (!values) into.set(path, (values = new Set()));
  values.add(String(value).slice(0, FIELD_MAX_VALUE_LENGTH));
}

/**
 * Which custom keys the sampled logs carry, how many logs carry each, and the most frequent
 * values: the search box's suggestions. Pure, bounded by FIELD_MAX_KEYS and FIELD_MAX_VALUES.
 */
export function summarizeFields(samples: readonly FieldSample[]): FieldSummary[] {
  const keys = new Map<string, { count: number; values: Map<string, number> }>();
  for (const sample of samples) {
    const seen = new Map<string, Set<string>>();
    if (sample.tags.length) seen.set('tags', new Set(sample.tags.map((t) => t.slice(0, FIELD_MAX_VALUE_LENGTH))));
    for (const column of ['metadata', 'context', 'request', 'response'] as const) collect(sample[column], column, 0, seen);
    for (const [key, values] of seen) {
      if (!keys.has(key) && keys.size >= FIELD_MAX_KEYS * 4) continue; // a runaway sample: keep memory bounded
      let entry = keys.get(key);
      if (!entry) keys.set(key, (entry = { count: 0, values: new Map() }));
      entry.count++;
      for (const v of values) entry.values.set(v, (entry.values.get(v) ?? 0) + 1);
    }
  }
  const byCount = <T extends { count: number }>(a: T & { key?: string; value?: string }, b: T & { key?: string; value?: string }) =>
    b.count - a.count || String(a.key ?? a.value).localeCompare(String(b.key ?? b.value));
  return [...keys.entries()]
    .map(([key, e]) => ({
      key,
      count: e.count,
      values: [...e.values.entries()]
        .map(([value, count]) => ({ value, count }))
        .sort(byCount)
        .slice(0, FIELD_MAX_VALUES),
    }))
    .sort(byCount)
    .slice(0, FIELD_MAX_KEYS);
}
