export * from './limits.js';
export * from './messages.js';
export * from './ingest-log.js';
export * from './ingest-job.js';
export * from './ingest-health.js';
