export * from './ast.js';
export * from './messages.js';
export * from './query-error.js';
export * from './tokenize.js';
export * from './fields.js';
export * from './parse-query.js';
export * from './query-param.js';
export * from './field-summary.js';
