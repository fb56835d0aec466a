export * from './secret-box.js';
export * from './s3-bucket.js';
export * from './s3-log-archiver.js';
export * from './archive-env.js';
