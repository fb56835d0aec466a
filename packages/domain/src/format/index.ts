export * from './relative-time.js';
export * from './format-number.js';
