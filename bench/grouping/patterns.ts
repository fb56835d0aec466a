/**
 * `npm run patterns -- --input FILE.jsonl --output OUT.jsonl`
 *
 * Reads `{"content": "..."}` lines and writes `{"group": "<template id>"}` lines in the same
 * order, grouping with the production template miner and its default settings. A message's
 * group is its template's id after the whole input was seen, i.e. following merges exactly as
 * the worker does when it shows a log under the group its template was folded into.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createTemplateMiner } from '../../packages/domain/src/grouping/index.js';

export function groupContents(contents: readonly string[]): string[] {
  const miner = createTemplateMiner();
  const ids = contents.map((content) => miner.add(content).templateId);
  return ids.map((id) => miner.resolve(id));
}

function readContents(path: string): string[] {
  const contents: string[] = [];
  const lines = readFileSync(path, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { content?: unknown }).content !== 'string') {
      throw new Error(`${path}:${i + 1}: expected {"content": "..."}`);
    }
    contents.push((parsed as { content: string }).content);
  });
  return contents;
}

function main(): void {
  const { values } = parseArgs({ options: { input: { type: 'string' }, output: { type: 'string' } } });
  if (!values.input || !values.output) {
    process.stderr.write('usage: npm run patterns -- --input FILE.jsonl --output OUT.jsonl\n');
    process.exit(2);
  }
  const groups = groupContents(readContents(values.input));
  writeFileSync(values.output, groups.map((group) => JSON.stringify({ group })).join('\n') + '\n');
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) main();
