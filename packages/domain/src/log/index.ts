export * from './levels.js';
export * from './exception.js';
