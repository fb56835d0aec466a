import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** The columns of a log row as COPY writes them (the ingest path and the seeder; COPY text format, this order). */
export const LOG_COPY_COLUMNS =
  'project_id, id, timestamp, received_at, level, environment, message, host, logger, release, group_id, tags, metadata, context, exception, request, response, is_overage';

/** Streams chunks of COPY text lines into `table`, honouring the stream's backpressure. */
export async function copyRows(client: pg.PoolClient, table: string, chunks: () => Iterable<string>): Promise<void> {
  await copyChunks(client, `COPY ${table} (${LOG_COPY_COLUMNS}) FROM STDIN`, chunks());
}

/** Runs a `COPY … FROM STDIN` statement with these chunks of COPY text as its data. */
export async function copyChunks(client: pg.PoolClient, statement: string, chunks: Iterable<string>): Promise<void> {
  const stream = client.query(copyFrom(statement));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  for (const chunk of chunks) {
    if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), done]);
  }
  stream.end();
  await done;
}
