export * from './errors/index.js';
export * from './text/index.js';
export * from './log/index.js';
export * from './auth/index.js';
export * from './projects/index.js';
export * from './access/index.js';
export * from './plans/index.js';
export * from './contact/index.js';
