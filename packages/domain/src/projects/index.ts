export * from './messages.js';
export * from './environments.js';
export * from './schemas.js';
export * from './api-key-format.js';
