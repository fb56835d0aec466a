export * from './scrub-secrets.js';
