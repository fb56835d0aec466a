export * from './messages.js';
export * from './limits.js';
export * from './safe-url.js';
export * from './schemas.js';
export * from './alert-message.js';
export * from './alert-jobs.js';
export * from './trim-stack.js';
export * from './render-alert.js';
