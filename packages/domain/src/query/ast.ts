import type { LogLevel } from '../log/levels.js';
import type { GroupStatus } from '../read/group-queries.js';

/**
 * The parsed form of a query (see `parse-query.ts` for the grammar). Every leaf keeps `pos`, the
 * 0-based offset of its first character in the query, so later checks can point at it.
 */
export type QueryNode = AndNode | OrNode | NotNode | QueryLeaf;

export type QueryLeaf = TextTerm | LevelTerm | AttributeTerm | GroupTerm | HasTerm | StatusTerm | TagTerm | JsonTerm | TimeTerm;

export interface AndNode {
  kind: 'and';
  children: QueryNode[];
}
export interface OrNode {
  kind: 'or';
  children: QueryNode[];
}
/** `-term`, `-(…)` and `field!:value`. */
export interface NotNode {
  kind: 'not';
  child: QueryNode;
}

/** A bare word or a "quoted phrase": found in the message or the exception (Turkish case folding). */
export interface TextTerm {
  kind: 'text';
  pos: number;
  text: string;
}

/** `level:error`, `level:>=warning`: resolved to the set of levels that match. */
export interface LevelTerm {
  kind: 'level';
  pos: number;
  levels: LogLevel[];
}

/** Plain text columns of a log: `env:`, `host:`, `logger:`, `release:`; `prefix` for a trailing `*`. */
export interface AttributeTerm {
  kind: 'attribute';
  pos: number;
  field: 'environment' | 'host' | 'logger' | 'release';
  value: string;
  prefix: boolean;
}

export interface GroupTerm {
  kind: 'group';
  pos: number;
  id: string;
}

export const HAS_VALUES = ['exception', 'tags', 'metadata', 'context', 'request', 'response', 'group'] as const;
export type HasValue = (typeof HAS_VALUES)[number];

export interface HasTerm {
  kind: 'has';
  pos: number;
  what: HasValue;
}

/** Groups only. */
export interface StatusTerm {
  kind: 'status';
  pos: number;
  status: GroupStatus;
}

/** `tags:payments` (the log carries that tag) or `tags:pay*` (a tag starting so). */
export interface TagTerm {
  kind: 'tag';
  pos: number;
  value: string;
  prefix: boolean;
}

export const JSON_COLUMNS = ['metadata', 'context', 'request', 'response', 'exception'] as const;
export type JsonColumn = (typeof JSON_COLUMNS)[number];
export type CompareOp = 'eq' | 'gt' | 'gte' | 'lt' | 'lte';

/**
 * A value inside a JSON column: `metadata.user_id:42`, `response.status_code:>=500`. `eq`
 * matches the value as a string, number or boolean; the comparisons are numeric when the value
 * is a number, else text order.
 */
export interface JsonTerm {
  kind: 'json';
  pos: number;
  column: JsonColumn;
  path: string[];
  op: CompareOp;
  value: string;
  prefix: boolean;
}

/** `since:1h` (`agoMs`) or `since:2026-11-01` (`at`); `until` is exclusive. */
export interface TimeTerm {
  kind: 'time';
  pos: number;
  bound: 'since' | 'until';
  at?: Date;
  agoMs?: number;
}

/** Where a query is used: the logs list and stats, or the groups list. */
export type QueryScope = 'logs' | 'groups';
