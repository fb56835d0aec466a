export * from './log-archiver.js';
export * from './run-retention.js';
export * from './retention-schedule.js';
