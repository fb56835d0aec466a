import { notificationPreferencesSchema, type NotificationPreferences } from '@seyir/domain';
import { updateNotificationPreferences, type UserRow } from '@seyir/db';
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { currentUser } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';

const present = (u: UserRow): NotificationPreferences => ({
  emailNotifications: u.emailNotifications,
  slackNotifications: u.slackNotifications,
  slackWebhookUrl: u.slackWebhookUrl,
});

/**
 * /api/v1/auth/me/preferences: the signed-in user's notification preferences (spec §3), kept on
 * the server so alerts honour them: a user with e-mail notifications off gets no alert e-mail
 * even when a rule lists their address. The theme stays in the browser.
 */
export function preferenceRoutes(deps: AppDeps): Router {
  const router = Router();
  const schema = notificationPreferencesSchema({ allowPrivateUrls: deps.alerts.deps.settings.allowPrivateUrls });
  router.get('/', (req, res) => {
    res.json(present(currentUser(req)));
  });
  router.put('/', async (req, res) => {
    const input = parseInput(schema, req.body);
    const row = await updateNotificationPreferences(deps.db, currentUser(req).id, input);
    res.json(present(row ?? currentUser(req)));
  });
  return router;
}
