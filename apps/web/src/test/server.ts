import { getPlan, getPlanTable, OVERAGE_RULE } from '@seyir/domain';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Absolute API URLs as the app calls them under jsdom. */
export const api = (path: string) => `${window.location.origin}/api/v1${path}`;

/**
 * Every unit test talks to this fetch-level mock; each test adds the handlers it needs. Two
 * side requests that every logs screen and project menu makes answer empty by default (saved
 * views, field suggestions), and so do the profile's plan and usage panels (free plan, no
 * usage), the plan table and the profile's notification preferences (defaults, saved as
 * sent); tests about them override these.
 */
export const server = setupServer(
  http.get(api('/plans'), () => HttpResponse.json({ preset: 'pricing', beta: true, plans: getPlanTable({ beta: true }) })),
  http.get(api('/projects/:projectId/archive'), () => HttpResponse.json({ configured: false })),
  http.get(api('/users/me/plan'), () => HttpResponse.json({ plan: getPlan('free', { beta: true }), beta: true, changes: [] })),
  http.get(api('/users/me/usage'), () =>
    HttpResponse.json({ month: '2026-01-01', plan: 'free', logs: 0, quota: 50_000, overageLogs: 0, overageFee: 0, percentUsed: 0, rule: OVERAGE_RULE }),
  ),
  http.get(api('/auth/me/preferences'), () => HttpResponse.json({ emailNotifications: true, slackNotifications: false, slackWebhookUrl: '' })),
  http.put(api('/auth/me/preferences'), async ({ request }) => HttpResponse.json(await request.json())),
  http.get(api('/projects/:projectId/views'), () => HttpResponse.json([])),
  http.get(api('/projects/:projectId/logs/fields'), () => HttpResponse.json({ sampled: 0, since: '2026-01-01T00:00:00Z', fields: [] })),
);
