import { LOG_LEVELS, levelRank, parseLevel, type LogLevel } from '../log/levels.js';
import { ENVIRONMENT_PATTERN, normalizeEnvironment } from '../projects/environments.js';
import { GROUP_STATUSES, type GroupStatus } from '../read/group-queries.js';
import { parseInstant } from '../read/query-params.js';
import { HAS_VALUES, JSON_COLUMNS, type CompareOp, type HasValue, type JsonColumn, type QueryNode } from './ast.js';
import { QUERY_MESSAGES as M } from './messages.js';
import { QueryParseError } from './query-error.js';
import type { FieldOperator, ValueToken } from './tokenize.js';

/** Most characters of one value, and of one field path. */
export const QUERY_MAX_VALUE_LENGTH = 200;
export const QUERY_MAX_PATH_SEGMENTS = 8;
/** The longest `since:`/`until:` duration (logs are kept at most 90 days; a year is generous). */
const MAX_AGO_MS = 365 * 86_400_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PATH_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
const DURATION = /^(\d{1,6})(s|m|h|d|w)$/;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;

/** Built-in field names (and their aliases) → the canonical field. */
const BUILT_INS = {
  level: 'level',
  env: 'environment',
  environment: 'environment',
  host: 'host',
  logger: 'logger',
  release: 'release',
  group: 'group',
  has: 'has',
  status: 'status',
  since: 'since',
  until: 'until',
  tags: 'tags',
  tag: 'tags',
} as const;
type BuiltIn = (typeof BUILT_INS)[keyof typeof BUILT_INS];

/** Names a search box can suggest (custom JSON fields come from the fields endpoint). */
export const QUERY_FIELD_NAMES = ['level', 'env', 'host', 'logger', 'release', 'group', 'has', 'status', 'since', 'until', 'tags'] as const;
/** The names the groups scope answers (a group has no host, logger, release or custom fields). */
export const GROUP_QUERY_FIELD_NAMES = ['level', 'env', 'group', 'status', 'since', 'until', 'tags'] as const;

/** What a written operator means: `negated` for `!:`, `op` for the comparison. */
function operatorOf(op: FieldOperator): { op: CompareOp; negated: boolean } {
  switch (op) {
    case '!:':
      return { op: 'eq', negated: true };
    case ':':
      return { op: 'eq', negated: false };
    case ':>':
    case '>':
      return { op: 'gt', negated: false };
    case ':>=':
    case '>=':
      return { op: 'gte', negated: false };
    case ':<':
    case '<':
      return { op: 'lt', negated: false };
    default:
      return { op: 'lte', negated: false };
  }
}

/** The written value without a trailing `*`, and whether it had one. `*` elsewhere is an error. */
export function splitWildcard(value: ValueToken): { text: string; prefix: boolean } {
  if (value.quoted) return { text: value.text, prefix: false };
  const star = value.text.indexOf('*');
  if (star === -1) return { text: value.text, prefix: false };
  if (star !== value.text.length - 1) throw new QueryParseError(value.pos + star, M.wildcardOnlyAtEnd);
  return { text: value.text.slice(0, -1), prefix: true };
}

function levelsFor(level: LogLevel, op: CompareOp): LogLevel[] {
  const rank = levelRank(level);
  const keep = { eq: (r: number) => r === rank, gt: (r: number) => r > rank, gte: (r: number) => r >= rank, lt: (r: number) => r < rank, lte: (r: number) => r <= rank }[op];
  return LOG_LEVELS.filter((l) => keep(levelRank(l)));
}

function timeValue(bound: 'since' | 'until', value: ValueToken, pos: number): QueryNode {
  const text = value.text.trim();
  const duration = DURATION.exec(text);
  if (duration) {
    const agoMs = Number(duration[1]) * UNIT_MS[duration[2] as keyof typeof UNIT_MS];
    if (agoMs > MAX_AGO_MS) throw new QueryParseError(value.pos, M.timeTooFar);
    return { kind: 'time', pos, bound, agoMs };
  }
  const at = parseInstant(text, { end: bound === 'until' });
  if (!at) throw new QueryParseError(value.pos, M.timeInvalid(value.text));
  return { kind: 'time', pos, bound, at };
}

/**
 * Turns one `name<op>value` token into its AST node (wrapped in `not` for `!:`), checking the
 * field, the operator, the wildcard and the value. Errors point at the offending part.
 */
export function resolveField(name: string, written: FieldOperator, value: ValueToken, pos: number): QueryNode {
  if (value.text.length > QUERY_MAX_VALUE_LENGTH) throw new QueryParseError(value.pos, M.valueTooLong(QUERY_MAX_VALUE_LENGTH));
  const { op, negated } = operatorOf(written);
  const wrap = (node: QueryNode): QueryNode => (negated ? { kind: 'not', child: node } : node);
  const lower = name.toLowerCase();
  const builtIn: BuiltIn | undefined = Object.hasOwn(BUILT_INS, lower) ? BUILT_INS[lower as keyof typeof BUILT_INS] : undefined;

  if (!builtIn) {
    const [head, ...path] = name.split('.');
    const column = JSON_COLUMNS.find((c) => c === head?.toLowerCase()) as JsonColumn | undefined;
    if (!column) throw new QueryParseError(pos, M.unknownField(name));
    if (path.length === 0) throw new QueryParseError(pos, M.fieldNeedsPath(column));
    if (path.length > QUERY_MAX_PATH_SEGMENTS || !path.every((s) => PATH_SEGMENT.test(s))) throw new QueryParseError(pos + column.length + 1, M.pathInvalid);
    const { text, prefix } = splitWildcard(value);
    if (prefix && op !== 'eq') throw new QueryParseError(value.pos + value.text.length - 1, M.wildcardWithComparison);
    return wrap({ kind: 'json', pos, column, path, op, value: text, prefix });
  }

  if (builtIn === 'level') {
    if (!value.quoted && value.text.includes('*')) throw new QueryParseError(value.pos + value.text.indexOf('*'), M.wildcardNotAllowed(name));
    const level = parseLevel(value.text);
    if (!level) throw new QueryParseError(value.pos, M.levelInvalid(value.text));
    return wrap({ kind: 'level', pos, levels: levelsFor(level, op) });
  }

  // Every other field takes only ':' and '!:'.
  if (op !== 'eq') throw new QueryParseError(pos + name.length, M.operatorNotAllowed(name, written));

  if (builtIn === 'since' || builtIn === 'until') {
    if (negated) throw new QueryParseError(pos + name.length, M.operatorNotAllowed(name, written));
    return timeValue(builtIn, value, pos);
  }
  if (builtIn === 'environment' || builtIn === 'host' || builtIn === 'logger' || builtIn === 'release' || builtIn === 'tags') {
    const { text, prefix } = splitWildcard(value);
    if (builtIn === 'tags') return wrap({ kind: 'tag', pos, value: text, prefix });
    if (builtIn !== 'environment') return wrap({ kind: 'attribute', pos, field: builtIn, value: text, prefix });
    const environment = normalizeEnvironment(text);
    if (!(prefix && environment === '') && !ENVIRONMENT_PATTERN.test(environment)) throw new QueryParseError(value.pos, M.environmentInvalid(value.text));
    return wrap({ kind: 'attribute', pos, field: 'environment', value: environment, prefix });
  }

  const plain = value.text.trim();
  if (!value.quoted && plain.includes('*')) throw new QueryParseError(value.pos + value.text.indexOf('*'), M.wildcardNotAllowed(name));
  if (builtIn === 'group') {
    if (!UUID.test(plain)) throw new QueryParseError(value.pos, M.groupIdInvalid(value.text));
    return wrap({ kind: 'group', pos, id: plain.toLowerCase() });
  }
  if (builtIn === 'has') {
    const what = plain.toLowerCase() as HasValue;
    if (!HAS_VALUES.includes(what)) throw new QueryParseError(value.pos, M.hasInvalid(value.text));
    return wrap({ kind: 'has', pos, what });
  }
  const status = plain.toLowerCase() as GroupStatus;
  if (!GROUP_STATUSES.includes(status)) throw new QueryParseError(value.pos, M.statusInvalid(value.text));
  return wrap({ kind: 'status', pos, status });
}
