import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { logIdFor } from '@seyir/pipeline';

/**
 * The physical limit: rows per second a plain COPY of log rows of the same shape reaches into
 * the same `logs` table (same partitions and indexes) on the same server, no application in
 * between. Uses a throw-away project id and removes its rows afterwards.
 */
export async function measureCopy(databaseUrl: string, rows: number, sampleMessages: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const projectId = randomUUID();
  const groupId = randomUUID();
  const now = Date.now();
  const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const at = now - (i % 3_600_000);
    const ts = new Date(at).toISOString();
    const message = sampleMessages[i % sampleMessages.length]!;
    lines.push(
      [projectId, logIdFor(at), ts, ts, i % 5 === 0 ? 'ERROR' : 'INFO', 'production', esc(message), 'web-1', 'app', '', groupId, '{}', '\\N', '\\N', '\\N', '\\N', '\\N', 'f'].join('\t') + '\n',
    );
  }
  const note = (m: string) => process.stderr.write(`[copy] ${m}\n`);
  note(`${rows} rows prepared`);
  const started = performance.now();
  const stream = client.query(
    copyFrom(
      'COPY logs (project_id, id, timestamp, received_at, level, environment, message, host, logger, release, group_id, tags, metadata, context, exception, request, response, is_overage) FROM STDIN',
    ),
  );
  await pipeline(Readable.from(chunk(lines, 1000).map((c) => c.join(''))), stream);
  const seconds = (performance.now() - started) / 1000;
  note(`copied in ${seconds.toFixed(1)} s`);
  await client.query('DELETE FROM logs WHERE project_id = $1', [projectId]);
  await client.end();
  return Math.round(rows / seconds);
}

function chunk<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
