/**
 * A delivery attempt that failed. `permanent` ones (a 4xx answer, a refused address, no SMTP
 * settings) are not retried; the others (timeouts, network errors, 5xx, 429) are, with backoff.
 * Matched by `name` too, as errors cross module copies.
 */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export function isPermanentFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'DeliveryError' && (error as DeliveryError).permanent;
}
