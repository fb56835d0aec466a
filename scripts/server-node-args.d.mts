export declare const NODE_ARGS: Record<'gateway' | 'ingest-worker', string[]>;
