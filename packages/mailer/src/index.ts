export * from './mailer-config.js';
export * from './mailer.js';
