export * from './find-live-logs.js';
export * from './followed-projects.js';
export * from './live-publisher.js';
export * from './redis-live-transport.js';
