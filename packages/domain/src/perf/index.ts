export * from './histogram.js';
export * from './limits.js';
export * from './messages.js';
export * from './timing-record.js';
export * from './queries.js';
export * from './window.js';
export * from './responses.js';
export * from './figures.js';
