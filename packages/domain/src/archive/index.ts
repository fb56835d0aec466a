export * from './archive-config.js';
