export * from './live-server.js';
export * from './live-delivery.js';
export * from './live-types.js';
