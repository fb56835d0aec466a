import type { QueryNode, QueryScope } from './ast.js';
import { resolveField, splitWildcard } from './fields.js';
import { QUERY_MESSAGES as M } from './messages.js';
import { QueryParseError, isQueryParseError } from './query-error.js';
import { tokenize, type Token } from './tokenize.js';

/** Limits on what one query may cost: characters, nesting of parentheses, and terms. */
export const QUERY_MAX_LENGTH = 1000;
export const QUERY_MAX_DEPTH = 5;
export const QUERY_MAX_TERMS = 20;

/** Fields the groups list can answer (a group has no host, logger or JSON fields of its own). */
const GROUP_KINDS = new Set<QueryNode['kind']>(['and', 'or', 'not', 'text', 'level', 'group', 'status', 'tag', 'time']);

/**
 * Parses the search language of the logs and groups screens.
 *
 * ```
 * query   = or EOF
 * or      = and { "OR" and }                 -- OR binds looser than AND
 * and     = unary { ["AND"] unary }          -- juxtaposition is AND
 * unary   = "-" primary | primary            -- "-" excludes
 * primary = "(" or ")" | term
 * term    = FIELD OP value | value           -- level:>=warning, host!:web-1, "a phrase", word
 * OP      = ":" | "!:" | ">" | ">=" | "<" | "<=" | ":>" | ":>=" | ":<" | ":<="
 * value   = WORD | "quoted phrase"           -- a trailing * on a bare WORD is a prefix wildcard
 * ```
 *
 * Answers undefined for a blank query. Throws QueryParseError (Turkish reason and the position
 * of the wrong character) for anything else that is not a valid query, including a field the
 * `scope` cannot answer, and past QUERY_MAX_LENGTH / _DEPTH / _TERMS.
 */
export function parseQuery(input: string, scope: QueryScope = 'logs'): QueryNode | undefined {
  if (input.length > QUERY_MAX_LENGTH) throw new QueryParseError(QUERY_MAX_LENGTH, M.tooLong(QUERY_MAX_LENGTH));
  const tokens = tokenize(input);
  let at = 0;
  let terms = 0;
  const peek = (): Token => tokens[at]!;
  const next = (): Token => tokens[at++]!;

  const parseOr = (depth: number): QueryNode => {
    const children = [parseAnd(depth)];
    while (peek().type === 'or') {
      const op = next();
      if (['eof', 'rparen', 'or', 'and'].includes(peek().type)) throw new QueryParseError(op.pos, M.danglingOperator('OR'));
      children.push(parseAnd(depth));
    }
    return combine('or', children);
  };

  const parseAnd = (depth: number): QueryNode => {
    const children: QueryNode[] = [];
    for (;;) {
      const token = peek();
      if (token.type === 'eof' || token.type === 'rparen' || token.type === 'or') break;
      if (token.type === 'and') {
        next();
        if (children.length === 0 || ['eof', 'rparen', 'or', 'and'].includes(peek().type)) throw new QueryParseError(token.pos, M.danglingOperator('AND'));
        continue;
      }
      children.push(parseUnary(depth));
    }
    if (children.length === 0) {
      const token = peek();
      if (token.type === 'or') throw new QueryParseError(token.pos, M.danglingOperator('OR'));
      if (token.type === 'rparen') throw new QueryParseError(token.pos, depth === 0 ? M.unexpectedCloseParen : M.emptyParens);
      throw new QueryParseError(token.pos, M.emptyParens);
    }
    return combine('and', children);
  };

  const parseUnary = (depth: number): QueryNode => {
    if (peek().type !== 'minus') return parsePrimary(depth);
    next();
    return { kind: 'not', child: parsePrimary(depth) };
  };

  const parsePrimary = (depth: number): QueryNode => {
    const token = next();
    if (token.type === 'lparen') {
      if (depth + 1 > QUERY_MAX_DEPTH) throw new QueryParseError(token.pos, M.tooDeep(QUERY_MAX_DEPTH));
      if (peek().type === 'eof') throw new QueryParseError(token.pos, M.unclosedParen);
      const inner = parseOr(depth + 1);
      if (peek().type !== 'rparen') throw new QueryParseError(token.pos, M.unclosedParen);
      next();
      return inner;
    }
    if (token.type === 'text' || token.type === 'field') {
      terms++;
      if (terms > QUERY_MAX_TERMS) throw new QueryParseError(token.pos, M.tooManyTerms(QUERY_MAX_TERMS));
      const node = token.type === 'field' ? resolveField(token.name, token.op, token.value, token.pos) : textTerm(token.value, token.pos);
      checkScope(node, scope, token.pos);
      return node;
    }
    // Only a stray ')' after '-' or a misplaced operator reaches here.
    throw new QueryParseError(token.pos, token.type === 'rparen' ? M.unexpectedCloseParen : M.negationWithoutTerm);
  };

  if (tokens.length === 1) return undefined;
  const root = parseOr(0);
  const rest = peek();
  if (rest.type === 'rparen') throw new QueryParseError(rest.pos, M.unexpectedCloseParen);
  return root;
}

/** A parse that never throws: the AST, or the error to show (position and message). */
export type QueryParseResult = { ok: true; query: QueryNode | undefined } | { ok: false; error: { position: number; reason: string; message: string } };

export function tryParseQuery(input: string, scope: QueryScope = 'logs'): QueryParseResult {
  try {
    return { ok: true, query: parseQuery(input, scope) };
  } catch (error) {
    if (!isQueryParseError(error)) throw error;
    return { ok: false, error: { position: error.position, reason: error.reason, message: error.message } };
  }
}

/** A free-text term; a trailing `*` adds nothing (text already matches anywhere) and is dropped. */
function textTerm(value: { text: string; quoted: boolean; pos: number }, pos: number): QueryNode {
  const { text } = splitWildcard(value);
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) throw new QueryParseError(pos, M.emptyPhrase);
  return { kind: 'text', pos, text: clean };
}

function combine(kind: 'and' | 'or', children: QueryNode[]): QueryNode {
  if (children.length === 1) return children[0]!;
  return { kind, children: children.flatMap((c) => (c.kind === kind ? c.children : [c])) };
}

function checkScope(node: QueryNode, scope: QueryScope, pos: number): void {
  const leaf = node.kind === 'not' ? node.child : node;
  const groupsHave = GROUP_KINDS.has(leaf.kind) || (leaf.kind === 'attribute' && leaf.field === 'environment');
  if (scope === 'groups' && !groupsHave) throw new QueryParseError(pos, M.fieldNotForGroups(fieldLabel(leaf)));
  if (scope === 'logs' && leaf.kind === 'status') throw new QueryParseError(pos, M.statusOnlyForGroups);
}

function fieldLabel(node: QueryNode): string {
  if (node.kind === 'json') return `${node.column}.${node.path.join('.')}`;
  if (node.kind === 'attribute') return node.field;
  return node.kind;
}
