import { GROUP_QUERY_FIELD_NAMES, GROUP_STATUSES, HAS_VALUES, LOG_LEVELS, QUERY_FIELD_NAMES, type FieldSummary, type QueryScope } from '@seyir/domain';

/** One suggestion: what the list shows and what replaces the word being typed. */
export interface QuerySuggestion {
  label: string;
  insert: string;
  /** How many recent logs carry it (custom fields and values), when known. */
  count?: number;
}

export interface SuggestionContext {
  fields: readonly FieldSummary[];
  environments: readonly string[];
  /** What is searched: groups take fewer fields (no custom ones) and `status:`. Default: logs. */
  scope?: QueryScope;
}

/** The word under the caret: `[from, to)` in the text. */
export interface SuggestionResult {
  from: number;
  to: number;
  options: QuerySuggestion[];
}

const MAX_OPTIONS = 8;
const BREAKS = /[\s()]/;
const OPERATOR = /^(-?)([A-Za-z_][A-Za-z0-9_.-]*)(!:|:>=|:<=|:>|:<|:|>=|<=|>|<)(.*)$/s;
const TIME_VALUES = ['15m', '1h', '24h', '7d', '30d'];
/** Built-in names offered while typing, per screen; `status:` belongs to the groups screen. */
const BUILT_IN_NAMES: Record<QueryScope, readonly string[]> = { logs: QUERY_FIELD_NAMES.filter((n) => n !== 'status'), groups: GROUP_QUERY_FIELD_NAMES };

const fold = (s: string) => s.toLocaleLowerCase('tr-TR');
/** A value as the language needs it: quoted when it holds a space, a quote or a parenthesis. */
export const quoteValue = (v: string) => (/[\s"()]/.test(v) || v === '' ? `"${v.replace(/["\\]/g, '\\$&')}"` : v);

function valuesFor(key: string, ctx: SuggestionContext): { value: string; count?: number }[] {
  switch (key.toLowerCase()) {
    case 'level':
      return LOG_LEVELS.map((l) => ({ value: l.toLowerCase() }));
    case 'env':
    case 'environment':
      return ctx.environments.map((value) => ({ value }));
    case 'has':
      return HAS_VALUES.map((value) => ({ value }));
    case 'status':
      return GROUP_STATUSES.map((value) => ({ value }));
    case 'since':
    case 'until':
      return TIME_VALUES.map((value) => ({ value }));
    case 'tag':
      return valuesFor('tags', ctx);
    default:
      return ctx.fields.find((f) => f.key === key)?.values ?? [];
  }
}

/**
 * What to offer for the word at `caret`: field names while a name is typed (built-ins, then the
 * project's recent custom keys), the field's known values after its operator. Nothing inside
 * quotes or for an empty word.
 */
export function querySuggestions(text: string, caret: number, ctx: SuggestionContext): SuggestionResult | null {
  if ((text.slice(0, caret).match(/"/g)?.length ?? 0) % 2 === 1) return null;
  let from = caret;
  while (from > 0 && !BREAKS.test(text[from - 1]!)) from--;
  let to = caret;
  while (to < text.length && !BREAKS.test(text[to]!)) to++;
  const word = text.slice(from, caret);
  if (!word || word === '-') return null;

  const field = OPERATOR.exec(word);
  let options: QuerySuggestion[];
  if (field) {
    const [, minus, key, op, partial] = field as unknown as [string, string, string, string, string];
    options = valuesFor(key, ctx)
      .filter((v) => fold(v.value).startsWith(fold(partial)) && v.value !== partial)
      .map((v) => ({ label: v.value, insert: `${minus}${key}${op}${quoteValue(v.value)} `, ...(v.count === undefined ? {} : { count: v.count }) }));
  } else {
    const negated = word.startsWith('-');
    const typed = fold(negated ? word.slice(1) : word);
    const scope = ctx.scope ?? 'logs';
    const custom = scope === 'logs' ? ctx.fields.map((f) => ({ key: f.key, count: f.count as number | undefined })) : [];
    const names = [...BUILT_IN_NAMES[scope].map((key) => ({ key, count: undefined as number | undefined })), ...custom];
    const seen = new Set<string>();
    options = names
      .filter(({ key }) => fold(key).startsWith(typed) && fold(key) !== typed && !seen.has(key) && seen.add(key))
      .map(({ key, count }) => ({ label: key, insert: `${negated ? '-' : ''}${key}:`, ...(count === undefined ? {} : { count }) }));
  }
  return options.length ? { from, to, options: options.slice(0, MAX_OPTIONS) } : null;
}
