import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { COMMON } from '../../messages';
import { sessionExpired } from '../auth/authSlice';
import { errorCode } from './errors';

interface StateWithToken {
  auth: { token: string | null };
}

/** Absolute so that the same code runs in the browser and under jsdom's `fetch`. */
const API_BASE = `${globalThis.location?.origin ?? ''}/api/v1`;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_BASE,
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as StateWithToken).auth.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * §8 generic responses: a 401 ends the session (token and user removed, the shell sends the
 * browser to /login), except a wrong password (`INVALID_CREDENTIALS`), which is the answer
 * itself; 403 and 5xx are logged to the console.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  const status = result.error?.status;
  if (status === 401 && errorCode(result.error) !== 'INVALID_CREDENTIALS') {
    if ((api.getState() as StateWithToken).auth.token) api.dispatch(sessionExpired());
  } else if (status === 403) {
    console.error(COMMON.authorizationError, result.error);
  } else if (typeof status === 'number' && status >= 500) {
    console.error(COMMON.serverError, result.error);
  }
  return result;
};

/** The one RTK Query api of the app; every feature injects its endpoints into it. */
export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Me', 'Project', 'ApiKey', 'Member', 'Log', 'LogStats', 'Group', 'GroupSummary', 'Note', 'Dashboard', 'Plans', 'View', 'LogFields', 'MyPlan', 'Usage', 'Archive'],
  endpoints: () => ({}),
});

/** Removes blank, null and undefined values from query parameters (§5 "Log list calls"). */
export function dropBlank<T extends Record<string, unknown>>(params: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    (out as Record<string, unknown>)[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}
