export * from './accounts.js';
export * from './billing.js';
