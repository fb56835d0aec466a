/**
 * Node flags of each server app wherever it runs: `npm start` (scripts/start.mjs),
 * docker-compose.yml and infra/Dockerfile (checked against this by tests/docker-compose.test.ts)
 * and the benches' app processes. Keyed by the app's folder under apps/.
 *
 * The worker runs under a heap cap. Under a large limit (a 24 GB box gives V8 about 4 GB) V8
 * lets the old generation grow about 4x past what is live before collecting it (below 2 GB,
 * 2x at most), and that garbage was most of the worker's peak memory in bench:ingest (about
 * 30 MB live, 232–239 MB RSS). Capped at 1,536 MB: 164–170 MB, for 2–3 µs more CPU per log
 * (three interleaved pairs, ARCHITECTURE.md). What it holds is bounded below the cap: a job's
 * logs come from requests whose bodies one gateway held at once, so a job is at most
 * SEYIR_INGEST_MAX_INFLIGHT_MB (64 MB) of JSON, and the worker holds SEYIR_WORKER_CONCURRENCY
 * × 2 of them (default 4: at worst 256 MB of JSON, about 1 GB parsed; usually a few MB).
 * Raising either setting far means raising this cap too: a job the heap cannot hold would
 * crash the worker on every attempt.
 *
 * The gateway runs without one: capped the same way its HTTP p99 at 80 % load rose (50.6–52.4
 * against 35.3–51.8 ms in the same pairs), the more frequent major GCs falling on requests.
 */
export const NODE_ARGS = {
  gateway: [],
  'ingest-worker': ['--max-old-space-size=1536'],
};
