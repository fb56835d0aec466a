import { benchArgs } from './args.js';

/**
 * `--drop a,b`: drops these indexes of the bench's database before it runs, to see what each
 * costs ingest (an analysis tool: the figures of an issue are measured with every index).
 */
export async function dropIndexesFromArgs(sql: { query(text: string): Promise<unknown> }, log?: (message: string) => void): Promise<void> {
  const i = benchArgs.indexOf('--drop');
  const names = i >= 0 ? (benchArgs[i + 1] ?? '').split(',').map((n) => n.replace(/[^a-z0-9_]/g, '')).filter(Boolean) : [];
  for (const name of names) await sql.query(`DROP INDEX IF EXISTS ${name}`);
  if (names.length > 0) log?.(`dropped for this run: ${names.join(', ')}`);
}
