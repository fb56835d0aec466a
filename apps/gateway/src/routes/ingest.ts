import { AppError, INGEST_LIMITS, INGEST_MESSAGES, PERF_MESSAGES } from '@seyir/domain';
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { IngestKey } from '@seyir/db';
import type { AppDeps } from '../deps.js';
import { acceptBatch } from '../ingest/accept-batch.js';
import { acceptTimings } from '../ingest/accept-timings.js';
import { createByteBudget, readIngestBody, releaseOnAnswer } from '../http/ingest-body.js';
import { param } from '../http/request-context.js';
import { rateLimit } from '../http/rate-limit.js';
import { markStage, sendStages, startStages } from '../http/server-timing.js';
import { MAX_API_KEY_CHARS } from '../ingest/ingest-keys.js';
import { hashApiKey } from '../services/api-keys.js';

/**
 * The optional `Idempotency-Key` header (1–128 visible ASCII characters): a client that resends
 * a request whose answer it never got (a timeout, a dropped connection) sends the same key, and
 * the logs it already stored are not stored again.
 */
function idempotencyKeyOf(req: Request): string | undefined {
  const value = req.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,128}$/.test(value)) throw new AppError('BAD_REQUEST', INGEST_MESSAGES.idempotencyKeyInvalid);
  return value;
}

/**
 * The ingest endpoints: `POST /api/ingest[/batch]` with the key in `X-Seyir-Key` (recommended:
 * a key in a URL ends up in proxy logs) and `POST /api/ingest/{apiKey}[/batch]` as the spec
 * documents. Bodies may be gzip; the 5 MB limit is checked while decompressing. Answers 202
 * `{accepted, rejected}` once the batch is durable.
 */
export function ingestRoutes(deps: AppDeps): Router {
  const router = Router();
  // Bodies being read and parsed are memory (a 5 MB body is ~20 MB once parsed): bounded in
  // number and in decompressed bytes, so a flood of large requests gets 503 + Retry-After
  // instead of growing the heap.
  const maxInflight = deps.ingestMaxInflight ?? 64;
  let inflight = 0;
  router.use((_req, res, next) => {
    startStages(res);
    if (inflight >= maxInflight) return next(new AppError('QUEUE_FULL', INGEST_MESSAGES.overloaded, { retryAfterSeconds: 1 }));
    inflight++;
    releaseOnAnswer(res, () => inflight--);
    next();
  });
  const keyOf = (req: Request) => {
    const header = req.headers['x-seyir-key'];
    return (Array.isArray(header) ? header[0] : header) ?? (req.params.apiKey ? param(req, 'apiKey') : undefined);
  };
  const limiter = rateLimit(deps, {
    name: 'ingest_key',
    points: deps.ingestRequestsPerSecond,
    durationSeconds: 1,
    // Counted under the key's hash: Redis never holds a key that works. A key too long to be one
    // (refused by authenticate) is counted under the client's IP, unhashed.
    key: (req) => {
      const apiKey = keyOf(req);
      return apiKey === undefined || apiKey.length > MAX_API_KEY_CHARS ? `ip:${req.ip}` : `k:${hashApiKey(apiKey)}`;
    },
    detail: INGEST_MESSAGES.rateLimited,
  });

  /**
   * The request's items as a job. The parsed body is let go here, before the job is queued: a
   * request waits for its job's window and Redis, and what it still references then outlives a
   * young-generation GC or two, which copies it (the gateway's GC pauses grow with those survivors).
   */
  const acceptRequest = (req: Request, res: Response, batch: boolean, key: { projectId: string; environments: readonly string[] }) => {
    const body: unknown = req.body;
    req.body = undefined;
    if (batch && !Array.isArray(body)) throw new AppError('VALIDATION_FAILED', INGEST_MESSAGES.notAnArray);
    if (!batch && (typeof body !== 'object' || body === null || Array.isArray(body))) throw new AppError('VALIDATION_FAILED', INGEST_MESSAGES.notAnObject);
    return acceptBatch(batch ? (body as unknown[]) : [body], key.projectId, key.environments, deps.now().getTime(), {
      sourceChars: res.locals.bodyChars as number | undefined,
      idempotencyKey: idempotencyKeyOf(req),
    });
  };

  /**
   * Server-Timing stages of an accepted request: `admit` (rate limit, key, the queue's limits),
   * `read` (body read, inflated and parsed), `accept` (each item checked), `queue` (the
   * coalescing window and the job made durable: in Redis, or committed when embedded).
   */
  const handle = (batch: boolean) => async (req: Request, res: Response) => {
    const { job, rejected } = acceptRequest(req, res, batch, res.locals.ingestKey as IngestKey);
    if (!job) {
      res.status(422).json({ detail: rejected[0]?.detail ?? INGEST_MESSAGES.emptyBatch, code: 'VALIDATION_FAILED', accepted: 0, rejected });
      return;
    }
    markStage(res, 'accept');
    await deps.ingest.submit(job);
    markStage(res, 'queue');
    sendStages(res);
    res.status(202).json({ accepted: job.logs.length, rejected });
  };

  /** Timing records of the framework integrations (see README, "Performance monitoring"). */
  const handleTimings = async (req: Request, res: Response) => {
    const key = res.locals.ingestKey as IngestKey;
    if (!Array.isArray(req.body)) throw new AppError('VALIDATION_FAILED', PERF_MESSAGES.notAnArray);
    const { job, rejected } = acceptTimings(req.body as unknown[], key.projectId, key.environments, deps.now().getTime());
    if (!job) {
      res.status(422).json({ detail: rejected[0]?.detail ?? PERF_MESSAGES.emptyBatch, code: 'VALIDATION_FAILED', accepted: 0, rejected });
      return;
    }
    await deps.timings.submit(job);
    res.status(202).json({ accepted: job.timings.length, rejected });
  };

  /**
   * What needs only the headers comes before the body is read: the rate limit, the key and the
   * sink's own admission (a queue past its limits holds the request here, up to 2 s). A request
   * that is refused or held then holds no body: held ones used to keep theirs parsed, long
   * enough to reach the old generation, a good part of the gateway's peak memory at saturation.
   */
  const admit = (sink: { admit(): Promise<void> }) => async (req: Request, res: Response, next: NextFunction) => {
    res.locals.ingestKey = await deps.ingestKeys.authenticate(keyOf(req));
    await sink.admit();
    markStage(res, 'admit');
    next();
  };
  const read = [
    readIngestBody({ maxBytes: INGEST_LIMITS.maxBodyBytes, budget: createByteBudget(deps.ingestMaxInflightBytes ?? INGEST_LIMITS.defaultMaxInflightBytes) }),
    (_req: Request, res: Response, next: NextFunction) => {
      markStage(res, 'read');
      next();
    },
  ];
  /** Everything before a route's handler: rate limit, key, the sink's admission, the body. */
  const intake = (sink: { admit(): Promise<void> }) => [limiter, admit(sink), ...read];
  const logs = intake(deps.ingest);

  // The static paths first: '/batch' and '/timings' must not be taken for an API key.
  router.post('/timings', ...intake(deps.timings), handleTimings);
  router.post('/batch', ...logs, handle(true));
  router.post('/', ...logs, handle(false));
  router.post('/:apiKey/batch', ...logs, handle(true));
  router.post('/:apiKey', ...logs, handle(false));
  return router;
}
