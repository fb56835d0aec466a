export * from './log-id.js';
export * from './new-job-log.js';
export * from './template-store.js';
export * from './process-batch.js';
export * from './ingest-queue.js';
export * from './live/index.js';
export * from './partition-maintenance.js';
export * from './retention/index.js';
