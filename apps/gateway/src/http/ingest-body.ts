import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { PassThrough, type Transform } from 'node:stream';
import { AppError, INGEST_MESSAGES, isAppError, SERVER_MESSAGES, toStorableJsonText } from '@seyir/domain';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import getRawBody from 'raw-body';

/**
 * Bytes of request bodies held at once, decompressed: what the gateway's memory grows with when
 * large batches arrive together (a 5 MB body is ~20 MB once parsed). A count of requests alone
 * let 64 bodies of 5 MB parse to more than 1.5 GB.
 */
export interface ByteBudget {
  /** Takes `bytes`; false, taking nothing, when that would pass the budget and something else holds a part of it. */
  take(bytes: number): boolean;
  give(bytes: number): void;
}

export function createByteBudget(maxBytes: number): ByteBudget {
  let used = 0;
  return {
    take(bytes) {
      if (used > 0 && used + bytes > maxBytes) return false;
      used += bytes;
      return true;
    },
    give(bytes) {
      used -= bytes;
    },
  };
}

const DECOMPRESSORS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * Refuses a request whose body will not be used: the answer goes at once and the rest of the
 * body is read off and dropped meanwhile (the connection can then carry the next request). A
 * client need not finish uploading to learn its body is too large or unwelcome.
 */
function refuse(req: Request, next: NextFunction, error: AppError): void {
  req.resume();
  next(error);
}

/**
 * Reads an ingest body as JSON into `req.body` (undefined when empty): any content type (clients
 * forget the header), UTF-8, identity or gzip/deflate/br, at most `maxBytes` once decompressed
 * (checked while decompressing, so a gzip bomb stops there), its decompressed bytes counted
 * against `budget` until the answer is sent: past it, 503 + Retry-After. The text is made
 * storable before parsing: NUL and lone-surrogate escapes, which PostgreSQL cannot store, become
 * U+FFFD instead of failing the whole batch later. `res.locals.bodyChars` is the text's length.
 */
export function readIngestBody(options: { maxBytes: number; budget: ByteBudget }): RequestHandler {
  const { maxBytes, budget } = options;
  return (req, res, next) => {
    const charset = /charset\s*=\s*"?([\w-]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    const decompress = DECOMPRESSORS[encoding];
    if ((charset && charset !== 'utf-8' && charset !== 'utf8') || (!decompress && encoding !== 'identity')) {
      return refuse(req, next, new AppError('UNSUPPORTED_MEDIA_TYPE', SERVER_MESSAGES.unsupportedMediaType));
    }
    // A body of known length takes its bytes at once; a compressed or chunked one as it decompresses.
    const length = decompress ? undefined : Number(req.headers['content-length'] ?? Number.NaN);
    const known = length !== undefined && Number.isSafeInteger(length);
    // A declared size past the limit is refused before a byte of it is read.
    if (known && length > maxBytes) return refuse(req, next, new AppError('PAYLOAD_TOO_LARGE', SERVER_MESSAGES.payloadTooLarge));
    let held = 0;
    releaseOnAnswer(res, () => budget.give(held));
    const overloaded = () => new AppError('QUEUE_FULL', INGEST_MESSAGES.overloaded, { retryAfterSeconds: 1 });
    if (known) {
      if (!budget.take(length)) return refuse(req, next, overloaded());
      held = length;
    }
    const pipe = known ? undefined : req.pipe(decompress ? decompress() : new PassThrough());
    const stream = pipe ?? req;
    if (pipe) {
      // A client that goes away mid-body ends nothing down the pipe: the read must not wait forever.
      req.once('close', () => {
        if (!req.complete) stream.destroy(new AppError('BAD_REQUEST', SERVER_MESSAGES.invalidJson));
      });
      stream.on('data', (chunk: Buffer) => {
        if (budget.take(chunk.length)) held += chunk.length;
        else stream.destroy(overloaded());
      });
    }
    getRawBody(stream, { limit: maxBytes, length: known ? length : undefined, encoding: 'utf-8' }, (error, text) => {
      if (pipe) {
        req.unpipe(pipe);
        pipe.on('error', () => undefined);
        pipe.destroy();
      }
      if (error) {
        return refuse(req, next, readFailure(error));
      }
      if (pipe) req.resume();
      if (text.trim() === '') {
        req.body = undefined;
        return next();
      }
      try {
        req.body = JSON.parse(toStorableJsonText(text)) as unknown;
        res.locals.bodyChars = text.length;
      } catch {
        return next(new AppError('BAD_REQUEST', SERVER_MESSAGES.invalidJson));
      }
      next();
    });
  };
}

/** What a failed read answers: a zlib error is a corrupt compressed body, not bad JSON. */
function readFailure(error: Error): AppError {
  if (isAppError(error)) return error;
  if ((error as { type?: string }).type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', SERVER_MESSAGES.payloadTooLarge);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ERR_BROTLI'))) return new AppError('BAD_REQUEST', SERVER_MESSAGES.invalidCompression);
  return new AppError('BAD_REQUEST', SERVER_MESSAGES.invalidJson);
}

/** Runs `release` once, when the answer has been sent or the connection closed. */
export function releaseOnAnswer(res: Response, release: () => void): void {
  let released = false;
  const once = () => {
    if (!released) release();
    released = true;
  };
  res.once('finish', once);
  res.once('close', once);
}
