export * from './seed-logs.js';
export * from './seed-owner.js';
