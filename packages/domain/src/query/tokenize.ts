import { QUERY_MESSAGES as M } from './messages.js';
import { QueryParseError } from './query-error.js';

/** Operators between a field name and its value. */
export const FIELD_OPERATORS = ['!:', ':>=', ':<=', ':>', ':<', ':', '>=', '<=', '>', '<'] as const;
export type FieldOperator = (typeof FIELD_OPERATORS)[number];

/** A value as written: `quoted` values never carry a wildcard. */
export interface ValueToken {
  text: string;
  quoted: boolean;
  pos: number;
}

export type Token =
  | { type: 'lparen' | 'rparen' | 'minus' | 'or' | 'and' | 'eof'; pos: number }
  | { type: 'text'; pos: number; value: ValueToken }
  | { type: 'field'; pos: number; name: string; op: FieldOperator; value: ValueToken };

/** A field name followed by its operator, e.g. `metadata.user_id:` or `level:>=`. */
const FIELD_START = /[A-Za-z_][A-Za-z0-9_.-]*(!:|:>=|:<=|:>|:<|:|>=|<=|>|<)/y;
const STOPS = new Set(['(', ')', '"']);
const isSpace = (ch: string) => /\s/u.test(ch);

/**
 * Splits a query into tokens. Whitespace separates terms; `(`, `)` and `"` end a bare word;
 * `OR` and `AND` in capitals are operators; `-` directly before a term negates it; a name
 * followed by an operator (`level:`, `host!:`) starts a field term whose value must follow
 * without a space. Throws QueryParseError for an unclosed quote or a field without a value.
 */
export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;

  const readQuoted = (): ValueToken => {
    const start = i;
    let text = '';
    i++;
    while (i < input.length && input[i] !== '"') {
      if (input[i] === '\\' && (input[i + 1] === '"' || input[i + 1] === '\\')) i++;
      text += input[i];
      i++;
    }
    if (i >= input.length) throw new QueryParseError(start, M.unclosedQuote);
    i++;
    return { text, quoted: true, pos: start };
  };

  const readBare = (): ValueToken => {
    const start = i;
    while (i < input.length && !isSpace(input[i]!) && !STOPS.has(input[i]!)) i++;
    return { text: input.slice(start, i), quoted: false, pos: start };
  };

  while (i < input.length) {
    const ch = input[i]!;
    if (isSpace(ch)) {
      i++;
      continue;
    }
    const pos = i;
    if (ch === '(' || ch === ')') {
      tokens.push({ type: ch === '(' ? 'lparen' : 'rparen', pos });
      i++;
      continue;
    }
    if (ch === '-') {
      const next = input[i + 1];
      if (next === undefined || isSpace(next) || next === ')') throw new QueryParseError(pos, M.negationWithoutTerm);
      tokens.push({ type: 'minus', pos });
      i++;
      continue;
    }
    if (ch === '"') {
      tokens.push({ type: 'text', pos, value: readQuoted() });
      continue;
    }
    FIELD_START.lastIndex = i;
    const field = FIELD_START.exec(input);
    if (field) {
      const op = field[1] as FieldOperator;
      const name = field[0].slice(0, -op.length);
      i = FIELD_START.lastIndex;
      const next = input[i];
      if (next === undefined || isSpace(next) || next === '(' || next === ')') throw new QueryParseError(i, M.missingValue(name));
      const value = next === '"' ? readQuoted() : readBare();
      tokens.push({ type: 'field', pos, name, op, value });
      continue;
    }
    const word = readBare();
    if (word.text === 'OR') tokens.push({ type: 'or', pos });
    else if (word.text === 'AND') tokens.push({ type: 'and', pos });
    else tokens.push({ type: 'text', pos, value: word });
  }
  tokens.push({ type: 'eof', pos: input.length });
  return tokens;
}
