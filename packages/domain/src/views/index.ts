export * from './schemas.js';
export * from './log-columns.js';
