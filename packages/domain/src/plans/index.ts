export * from './plans.js';
export * from './quota.js';
export * from './plan-change.js';
export * from './usage-summary.js';
export * from './billing-schemas.js';
export * from './retention.js';
