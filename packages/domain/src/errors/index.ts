export * from './app-error.js';
export * from './messages.js';
