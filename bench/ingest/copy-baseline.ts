import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { logIdFor } from '@seyir/pipeline';

/**
 * The physical limit: rows per second a plain COPY of the same log rows (message, level, host,
 * tags, metadata, exception as the bench sends them) reaches into
 * the same `logs` table (same partitions and indexes) on the same server, no application in
 * between. Uses a throw-away project id and removes its rows afterwards.
 */
export interface CopySample {
  message: string;
  level?: string;
  host?: string;
  tags?: string[];
  metadata?: unknown;
  exception?: unknown;
}

export async function measureCopy(databaseUrl: string, rows: number, samples: CopySample[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const projectId = randomUUID();
  const groupId = randomUUID();
  const now = Date.now();
  const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
  const json = (value: unknown) => (value === undefined || value === null ? '\\N' : esc(JSON.stringify(value)));
  const tags = (values: string[] | undefined) => esc(`{${(values ?? []).map((t) => JSON.stringify(t)).join(',')}}`);
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const at = now - (i % 3_600_000);
    const ts = new Date(at).toISOString();
    const sample = samples[i % samples.length]!;
    lines.push(
      [
        projectId, logIdFor(at), ts, ts, sample.level ?? 'INFO', 'production', esc(sample.message), sample.host ?? 'web-1', 'app', '', groupId,
        tags(sample.tags), json(sample.metadata), '\\N', json(sample.exception), '\\N', '\\N', 'f',
      ].join('\t') + '\n',
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
