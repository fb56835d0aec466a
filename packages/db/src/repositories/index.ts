export * from './users.js';
export * from './projects.js';
export * from './members.js';
export * from './api-keys.js';
export * from './contact.js';
export * from './sql-arrays.js';
export * from './ingest.js';
