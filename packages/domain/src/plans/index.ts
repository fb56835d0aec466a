export * from './plans.js';
export * from './quota.js';
