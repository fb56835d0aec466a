import type { JobLog } from '@seyir/domain';
import { logIdFor } from './log-id.js';

/**
 * A job log as the gateway makes one from a minimal item: its id from its own time, level INFO,
 * environment production, everything else empty. For seeding tests and benchmarks.
 */
export function newJobLog(fields: Partial<Omit<JobLog, 'timestampMs'>> & { message: string; timestampMs: number }): JobLog {
  return {
    id: logIdFor(fields.timestampMs),
    level: 'INFO',
    environment: 'production',
    host: 'web-1',
    logger: 'app',
    release: '',
    tags: [],
    metadata: null,
    context: null,
    exception: null,
    request: null,
    response: null,
    fingerprint: null,
    ...fields,
  };
}
