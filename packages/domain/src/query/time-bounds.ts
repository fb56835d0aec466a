import type { QueryNode, TimeTerm } from './ast.js';

/** The instant a `since:`/`until:` term stands for, `now` anchoring relative ones (`since:1h`). */
export function timeOfTerm(term: TimeTerm, now: Date): Date {
  return term.at ?? new Date(now.getTime() - (term.agoMs ?? 0));
}

/**
 * The time range every match of `node` lies in: the `since:`/`until:` terms that the whole
 * query requires (alone, or ANDed at any depth of ANDs; not under OR or NOT). `from` is
 * inclusive, `before` exclusive, like the SQL the terms compile to. Lets the read side plan
 * only the days a query can match.
 */
export function queryTimeBounds(node: QueryNode, now: Date): { from?: Date; before?: Date } {
  const bounds: { from?: Date; before?: Date } = {};
  const visit = (n: QueryNode) => {
    if (n.kind === 'and') return n.children.forEach(visit);
    if (n.kind !== 'time') return;
    const at = timeOfTerm(n, now);
    if (n.bound === 'since' && (!bounds.from || at > bounds.from)) bounds.from = at;
    if (n.bound === 'until' && (!bounds.before || at < bounds.before)) bounds.before = at;
  };
  visit(node);
  return bounds;
}
