import { foldTurkish } from '../text/turkish-case.js';
import type { QueryNode } from './ast.js';

/** The fields of a listed log that a query can be checked against without the database. */
export interface MatchableLog {
  message: string;
  level: string;
  timestamp: string;
  environment?: string | null | undefined;
  host?: string | null | undefined;
  tags?: readonly string[] | null | undefined;
  group_id?: string | null | undefined;
  has_exception?: boolean | undefined;
}

const startsOrEquals = (actual: string | null | undefined, value: string, prefix: boolean) =>
  actual === null || actual === undefined ? undefined : prefix ? actual.startsWith(value) : actual === value;

/**
 * Whether a pushed log matches a query, as far as a listed log tells: `undefined` when it
 * depends on fields the list does not carry (logger, JSON fields, …). Three-valued logic, so
 * `-x` of an unknown stays unknown. Text matching is Turkish-folded substring, as on the server.
 */
export function queryMatchesLog(node: QueryNode, log: MatchableLog, now: Date): boolean | undefined {
  switch (node.kind) {
    case 'and': {
      let result: boolean | undefined = true;
      for (const child of node.children) {
        const r = queryMatchesLog(child, log, now);
        if (r === false) return false;
        if (r === undefined) result = undefined;
      }
      return result;
    }
    case 'or': {
      let result: boolean | undefined = false;
      for (const child of node.children) {
        const r = queryMatchesLog(child, log, now);
        if (r === true) return true;
        if (r === undefined) result = undefined;
      }
      return result;
    }
    case 'not': {
      const r = queryMatchesLog(node.child, log, now);
      return r === undefined ? undefined : !r;
    }
    case 'text':
      return foldTurkish(log.message).includes(foldTurkish(node.text)) ? true : log.has_exception ? undefined : false;
    case 'level':
      return (node.levels as readonly string[]).includes(log.level.toUpperCase());
    case 'attribute':
      if (node.field === 'environment') return startsOrEquals(log.environment, node.value, node.prefix);
      if (node.field === 'host') return startsOrEquals(log.host, node.value, node.prefix);
      return undefined;
    case 'tag':
      return log.tags ? log.tags.some((t) => (node.prefix ? t.startsWith(node.value) : t === node.value)) : undefined;
    case 'group':
      return log.group_id === undefined ? undefined : log.group_id === node.id;
    case 'has':
      if (node.what === 'exception' && log.has_exception !== undefined) return log.has_exception;
      if (node.what === 'tags' && log.tags) return log.tags.length > 0;
      return undefined;
    case 'time': {
      const at = Date.parse(log.timestamp);
      const bound = node.at ? node.at.getTime() : now.getTime() - (node.agoMs ?? 0);
      return node.bound === 'since' ? at >= bound : at < bound;
    }
    default:
      return undefined;
  }
}
