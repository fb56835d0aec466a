import { tokenizeLogMessage } from './tokenize-log-message.js';

/** Longest text that is normalised; the rest of a huge message never changes its group. */
const MAX_NORMALIZED_CHARS = 4096;

/**
 * A message with its variable parts replaced by `<*>` (numbers, ids, hex, UUIDs, IPs, paths,
 * URLs, e-mails, quoted values, dates …): its first two non-empty lines, whitespace collapsed.
 * Used where there is no template miner to ask, e.g. an exception's value.
 */
export function normalizeMessage(text: string): string {
  const lines: string[] = [];
  for (const line of text.slice(0, MAX_NORMALIZED_CHARS).split(/\r?\n/)) {
    if (line.trim() === '') continue;
    lines.push(line);
    if (lines.length === 2) break;
  }
  return tokenizeLogMessage(lines.join('\n')).join(' ');
}
