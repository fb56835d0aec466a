import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** The API's error body: `{detail, code, fields?}` (Turkish `detail`). */
export interface ApiErrorBody {
  detail?: unknown;
  code?: unknown;
  fields?: Record<string, string>;
}

function bodyOf(error: unknown): ApiErrorBody | string | undefined {
  if (error && typeof error === 'object' && 'status' in error && 'data' in error) {
    const data = (error as FetchBaseQueryError & { data?: unknown }).data;
    if (typeof data === 'string') return data;
    if (data && typeof data === 'object') return data as ApiErrorBody;
  }
  return undefined;
}

/** The server's Turkish `detail`, if the error carries one. */
export function errorDetail(error: unknown): string | undefined {
  const body = bodyOf(error);
  if (body && typeof body === 'object' && typeof body.detail === 'string' && body.detail.trim()) return body.detail;
  return undefined;
}

/** `detail`, else a plain string body, else the error's own message (§8 "Add failure"). */
export function errorText(error: unknown): string | undefined {
  const detail = errorDetail(error);
  if (detail) return detail;
  const body = bodyOf(error);
  if (typeof body === 'string' && body.trim() && !body.trim().startsWith('<')) return body;
  const message = (error as SerializedError | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

export function errorCode(error: unknown): string | undefined {
  const body = bodyOf(error);
  return body && typeof body === 'object' && typeof body.code === 'string' ? body.code : undefined;
}

/** Per-field Turkish messages of a 422 answer. */
export function errorFields(error: unknown): Record<string, string> {
  const body = bodyOf(error);
  return body && typeof body === 'object' && body.fields && typeof body.fields === 'object' ? body.fields : {};
}

export function errorStatus(error: unknown): number | string | undefined {
  return error && typeof error === 'object' && 'status' in error ? (error as FetchBaseQueryError).status : undefined;
}
