export * from './smtp-receiver.js';
export * from './http-receiver.js';
