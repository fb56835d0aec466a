export * from './turkish-case.js';
export * from './email.js';
export * from './required-string.js';
export * from './storable-json.js';
