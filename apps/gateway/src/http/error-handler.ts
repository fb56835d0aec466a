import { AppError, isAppError, SERVER_MESSAGES } from '@seyir/domain';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';

/** Body-parser errors carry a `type`; map the ones a client causes to our codes. */
function fromBodyParser(error: { type?: string; status?: number }): AppError | undefined {
  switch (error.type) {
    case 'entity.parse.failed':
      return new AppError('BAD_REQUEST', SERVER_MESSAGES.invalidJson);
    case 'entity.too.large':
      return new AppError('PAYLOAD_TOO_LARGE', SERVER_MESSAGES.payloadTooLarge);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', SERVER_MESSAGES.unsupportedMediaType);
    default:
      return error.status === 400 ? new AppError('BAD_REQUEST', SERVER_MESSAGES.invalidJson) : undefined;
  }
}

/**
 * The one error middleware: answers `{detail, code, fields?}` with the code's status. Anything
 * unexpected is logged and answered as a plain Turkish 500; no stack trace reaches a client.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    const known = isAppError(error) ? error : fromBodyParser(error as { type?: string; status?: number });
    const appError = known ?? new AppError('INTERNAL', SERVER_MESSAGES.internal);
    if (!known) logger.error({ err: error }, 'unhandled error');
    if (appError.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(appError.retryAfterSeconds))));
    if (res.headersSent) return;
    res.status(appError.status).json({
      detail: appError.detail,
      code: appError.code,
      ...(appError.fields ? { fields: appError.fields } : {}),
    });
  };
}

/** Unknown API paths answer a JSON 404, not Express's HTML page. */
export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(new AppError('NOT_FOUND', SERVER_MESSAGES.routeNotFound));
};
