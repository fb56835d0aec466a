export * from './binaries.js';
export * from './free-port.js';
export * from './wait-for.js';
export * from './postgres-server.js';
export * from './redis-server.js';
export * from './test-database.js';
export * from './smtp-test-server.js';
export * from './s3-test-server.js';
