export * from './plans.js';
