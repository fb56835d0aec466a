import { searchPattern, timeOfTerm, type JsonTerm, type QueryNode } from '@seyir/domain';
import { escapeLike } from './errors.js';
import type { SqlParams } from './logs-filter-sql.js';
import { logTextSql } from './search-text-sql.js';

/**
 * Compiles a parsed query (packages/domain/src/query) to a WHERE condition. Every value the
 * user wrote — words, field values, JSON paths, dates — goes in as a parameter (`$n`); the only
 * text spliced into the SQL comes from fixed tables below, chosen by the node's kind.
 */

const LOG_ATTRIBUTE_COLUMNS = { environment: 'l.environment', host: 'l.host', logger: 'l.logger', release: 'l.release' } as const;
const LOG_JSON_COLUMNS = { metadata: 'l.metadata', context: 'l.context', request: 'l.request', response: 'l.response', exception: 'l.exception' } as const;
const LOG_HAS = {
  exception: 'l.exception IS NOT NULL',
  tags: 'cardinality(l.tags) > 0',
  metadata: 'l.metadata IS NOT NULL',
  context: 'l.context IS NOT NULL',
  request: 'l.request IS NOT NULL',
  response: 'l.response IS NOT NULL',
  group: 'l.group_id IS NOT NULL',
} as const;
const COMPARE_SQL = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** A LIKE pattern for "starts with `prefix`" (its own % _ and \ taken literally). */
export function likePrefix(prefix: string): string {
  return `${escapeLike(prefix)}%`;
}

/** `{"a":{"b":value}}` for path [a, b]. */
function nest(path: readonly string[], value: unknown): unknown {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}

/**
 * The JSON values `field:value` stands for: the string, and the number or boolean it spells,
 * each also as an element of an array. Matched with `@>` so a jsonb_path_ops GIN index serves it.
 */
function equalCandidates(path: readonly string[], value: string): string[] {
  const scalars: unknown[] = [value];
  if (NUMBER.test(value) && Number.isFinite(Number(value))) scalars.push(Number(value));
  if (value === 'true' || value === 'false') scalars.push(value === 'true');
  return scalars.flatMap((s) => [JSON.stringify(nest(path, s)), JSON.stringify(nest(path, [s]))]);
}

function jsonSql(term: JsonTerm, column: string, params: SqlParams): string {
  if (term.op === 'eq' && !term.prefix) {
    return `(${equalCandidates(term.path, term.value)
      .map((c) => `${column} @> ${params.add(c)}::jsonb`)
      .join(' OR ')})`;
  }
  const path = params.add(term.path);
  const text = `(${column} #>> ${path}::text[])`;
  if (term.prefix) return `${text} LIKE ${params.add(likePrefix(term.value))}`;
  const op = COMPARE_SQL[term.op];
  if (NUMBER.test(term.value)) {
    const number = `CASE WHEN jsonb_typeof(${column} #> ${path}::text[]) = 'number' OR ${text} ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN ${text}::numeric END`;
    return `(${number}) ${op} ${params.add(term.value)}::numeric`;
  }
  return `${text} ${op} ${params.add(term.value)} COLLATE "C"`;
}

function combine(node: QueryNode, leaf: (node: Exclude<QueryNode, { kind: 'and' | 'or' | 'not' }>) => string): string {
  switch (node.kind) {
    case 'and':
    case 'or':
      return `(${node.children.map((c) => combine(c, leaf)).join(node.kind === 'and' ? ' AND ' : ' OR ')})`;
    case 'not':
      // A missing field makes a condition NULL; its negation must then be true (`host!:x`
      // includes logs without that field), not NULL.
      return `NOT coalesce(${combine(node.child, leaf)}, false)`;
    default:
      return leaf(node);
  }
}

/** The condition of `node` over `logs l`. `now` anchors relative times (`since:1h`). */
export function logQuerySql(node: QueryNode, params: SqlParams, now: Date): string {
  return combine(node, (n) => {
    switch (n.kind) {
      case 'text':
        return logTextSql(params.add(searchPattern(n.text)));
      case 'level':
        return `l.level = ANY(${params.add(n.levels)}::text[])`;
      case 'attribute': {
        const column = LOG_ATTRIBUTE_COLUMNS[n.field];
        return n.prefix ? `${column} LIKE ${params.add(likePrefix(n.value))}` : `${column} = ${params.add(n.value)}`;
      }
      case 'group':
        return `l.group_id = ${params.add(n.id)}::uuid`;
      case 'has':
        return LOG_HAS[n.what];
      case 'tag':
        // The tags index covers only logs with tags (0012): the planner needs its predicate said.
        return n.prefix
          ? `EXISTS (SELECT 1 FROM unnest(l.tags) t WHERE t LIKE ${params.add(likePrefix(n.value))})`
          : `(${LOG_HAS.tags} AND l.tags @> ${params.add([n.value])}::text[])`;
      case 'json':
        return jsonSql(n, LOG_JSON_COLUMNS[n.column], params);
      case 'time':
        return n.bound === 'since' ? `l.timestamp >= ${params.add(timeOfTerm(n, now))}` : `l.timestamp < ${params.add(timeOfTerm(n, now))}`;
      case 'status':
        throw new Error('status: is a groups-only field (the parser refuses it for logs)');
    }
  });
}

/**
 * The condition of `node` over `log_groups g`: text in the sample message or template, the
 * group's level, environments, tags, status and id; `since` by last seen, `until` by first seen.
 * `statusSql` is the status as the list shows it (per environment when one is chosen).
 */
export function groupQuerySql(node: QueryNode, params: SqlParams, now: Date, statusSql = 'g.status'): string {
  return combine(node, (n) => {
    switch (n.kind) {
      case 'text': {
        const pattern = params.add(searchPattern(n.text));
        return `(g.sample_message ~ ${pattern} OR g.template ~ ${pattern})`;
      }
      case 'level':
        return `g.level = ANY(${params.add(n.levels)}::text[])`;
      case 'attribute':
        if (n.field !== 'environment') break;
        return n.prefix ? `EXISTS (SELECT 1 FROM unnest(g.environments) e WHERE e LIKE ${params.add(likePrefix(n.value))})` : `${params.add(n.value)} = ANY(g.environments)`;
      case 'tag':
        return n.prefix ? `EXISTS (SELECT 1 FROM unnest(g.tags) t WHERE t LIKE ${params.add(likePrefix(n.value))})` : `g.tags @> ${params.add([n.value])}::text[]`;
      case 'status':
        return `${statusSql} = ${params.add(n.status)}`;
      case 'group':
        return `g.id = ${params.add(n.id)}::uuid`;
      case 'time':
        return n.bound === 'since' ? `g.last_seen >= ${params.add(timeOfTerm(n, now))}` : `g.first_seen < ${params.add(timeOfTerm(n, now))}`;
      default:
        break;
    }
    throw new Error(`${n.kind} is not a groups field (the parser refuses it for groups)`);
  });
}
