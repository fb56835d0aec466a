export * from './messages.js';
export * from './schemas.js';
export * from './password-reset-email.js';
