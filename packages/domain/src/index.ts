export * from './log/index.js';
