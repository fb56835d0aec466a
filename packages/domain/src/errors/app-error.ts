/**
 * Machine codes of every error the API can answer, and the HTTP status each maps to.
 * One table, so route handlers throw and the error middleware decides the status.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_API_KEY: 401,
  FORBIDDEN: 403,
  /** The plan's limit (e.g. its project count) is reached; a higher plan lifts it. */
  PLAN_LIMIT: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  QUEUE_FULL: 503,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Per-field problems of a 422 answer: field name → Turkish message. */
export type FieldErrors = Record<string, string>;

/**
 * The one error type of Seyir. `detail` is Turkish and safe to show to a person; `code` is for
 * programs. Matched by `name` as well as `instanceof` because it crosses module copies.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly options: { fields?: FieldErrors; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = ERROR_STATUS[code];
  }

  get fields(): FieldErrors | undefined {
    return this.options.fields;
  }

  get retryAfterSeconds(): number | undefined {
    return this.options.retryAfterSeconds;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError || (error instanceof Error && error.name === 'AppError' && 'code' in error);
}
