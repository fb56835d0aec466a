export * from './live-events.js';
export * from './messages.js';
