export * from './sha256-hex.js';
export * from './tokenize-log-message.js';
export * from './generalize-tokens.js';
export * from './template-miner.js';
export * from './normalize-message.js';
export * from './parse-python-traceback.js';
export * from './compute-exception-grouping.js';
export * from './compute-fingerprint.js';
