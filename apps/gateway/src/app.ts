import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import { authenticate } from './auth/authenticate.js';
import type { AppDeps } from './deps.js';
import { apiNotFound, errorHandler } from './http/error-handler.js';
import { webAppRoutes } from './http/web-app.js';
import { apiDocsRoutes } from './routes/api-docs.js';
import { alertMuteRoutes } from './routes/alert-mute.js';
import { alertRoutes } from './routes/alerts.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { archiveRoutes } from './routes/archive.js';
import { authRoutes } from './routes/auth.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { groupRoutes } from './routes/groups.js';
import { healthRoutes } from './routes/health.js';
import { ingestRoutes } from './routes/ingest.js';
import { logRoutes } from './routes/logs.js';
import { memberRoutes } from './routes/members.js';
import { preferenceRoutes } from './routes/preferences.js';
import { performanceRoutes } from './routes/performance.js';
import { projectRoutes } from './routes/projects.js';
import { publicRoutes } from './routes/public.js';
import { userRoutes } from './routes/users.js';
import { viewRoutes } from './routes/views.js';

/** Version shown in the OpenAPI document. */
export const API_VERSION = '1.0.0';

/** JSON bodies of the management API; ingest has its own, larger limits. */
export const API_BODY_LIMIT = '256kb';

/** Builds the Express app (testable without listening). */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  app.use(pinoHttp({ logger: deps.logger, autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' } }));
  app.use(healthRoutes(deps));
  app.use(apiDocsRoutes(API_VERSION));

  const api = express.Router();
  api.use(express.json({ limit: API_BODY_LIMIT }));
  api.use(express.urlencoded({ extended: false, limit: '16kb' }));
  const auth = authenticate(deps);
  api.use('/auth/me/preferences', auth, preferenceRoutes(deps));
  api.use('/auth', authRoutes(deps));
  api.use(publicRoutes(deps));
  api.use('/alerts', alertMuteRoutes(deps));
  api.use('/projects', auth, projectRoutes(deps));
  api.use('/projects/:projectId/api-keys', auth, apiKeyRoutes(deps));
  api.use('/projects/:projectId/members', auth, memberRoutes(deps));
  api.use('/projects/:projectId/archive', auth, archiveRoutes(deps));
  api.use('/projects/:projectId/logs', auth, logRoutes(deps));
  api.use('/projects/:projectId/groups', auth, groupRoutes(deps));
  api.use('/projects/:projectId/views', auth, viewRoutes(deps));
  api.use('/projects/:projectId/alerts', auth, alertRoutes(deps));
  api.use('/projects/:projectId/performance', auth, performanceRoutes(deps));
  api.use('/dashboard', auth, dashboardRoutes(deps));
  api.use('/users', auth, userRoutes(deps));
  app.use('/api/v1', api);
  app.use('/api/ingest', ingestRoutes(deps));
  app.use('/api', apiNotFound);

  app.use(webAppRoutes(deps.webDist));
  app.use(errorHandler(deps.logger));
  return app;
}
