import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Absolute API URLs as the app calls them under jsdom. */
export const api = (path: string) => `${window.location.origin}/api/v1${path}`;

/**
 * Every unit test talks to this fetch-level mock; each test adds the handlers it needs. Two
 * side requests that every logs screen and project menu makes answer empty by default (saved
 * views, field suggestions); tests about them override these.
 */
export const server = setupServer(
  http.get(api('/projects/:projectId/views'), () => HttpResponse.json([])),
  http.get(api('/projects/:projectId/logs/fields'), () => HttpResponse.json({ sampled: 0, since: '2026-01-01T00:00:00Z', fields: [] })),
);
