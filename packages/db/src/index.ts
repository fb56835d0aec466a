export * from './connection.js';
export * from './migrate.js';
export * from './schema/index.js';
export * from './repositories/index.js';
export * from './copy/copy-text.js';
export * from './copy/copy-rows.js';
