export * from './worker.js';
export * from './config.js';
