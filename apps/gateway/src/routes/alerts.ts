import { ALERT_MESSAGES, AlertDeliveriesQuerySchema, alertRuleInputSchema, AppError, type AlertDeliveryView } from '@seyir/domain';
import { createAlertRule, deleteAlertRule, findAlertDeliveries, findAlertRules, findPerfRoutes, getAlertProject, getAlertRule, updateAlertRule } from '@seyir/db';
import { recordTestAlert } from '@seyir/alerts';
import { Router, type Request } from 'express';
import { isUuid, requireProject } from '../auth/require-project.js';
import type { AppDeps } from '../deps.js';
import { rateLimit } from '../http/rate-limit.js';
import { currentStanding, currentUser, param } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import { presentAlertRule, toAlertRuleFields } from '../services/alerts.js';

/**
 * /api/v1/projects/:projectId/alerts: every member reads the rules (secrets only for admins);
 * admins create, edit, delete, test them and read their delivery log.
 */
export function alertRoutes(deps: AppDeps): Router {
  const router = Router({ mergeParams: true });
  const read = requireProject(deps, 'alerts:read');
  const manage = requireProject(deps, 'alerts:manage');
  const schema = alertRuleInputSchema({ allowPrivateUrls: deps.alerts.deps.settings.allowPrivateUrls });
  const ruleOf = async (req: Request) => {
    const id = param(req, 'alertId');
    const rule = isUuid(id) ? await getAlertRule(deps.database.sql, param(req, 'projectId'), id) : undefined;
    if (!rule) throw new AppError('NOT_FOUND', ALERT_MESSAGES.ruleNotFound);
    return rule;
  };

  /** A rule body, with a latency / error_rate rule's route checked to be one of this project's. */
  const inputOf = async (req: Request) => {
    const input = parseInput(schema, req.body);
    if ((input.type === 'latency' || input.type === 'error_rate') && input.conditions.route_id) {
      const [route] = await findPerfRoutes(deps.database.sql, param(req, 'projectId'), [input.conditions.route_id]);
      if (!route) throw new AppError('VALIDATION_FAILED', ALERT_MESSAGES.routeNotFound, { fields: { 'conditions.route_id': ALERT_MESSAGES.routeNotFound } });
    }
    return input;
  };

  router.get('/', read, async (req, res) => {
    const rows = await findAlertRules(deps.database.sql, param(req, 'projectId'));
    res.json(rows.map((r) => presentAlertRule(r, currentStanding(req))));
  });

  router.post('/', manage, async (req, res) => {
    const input = await inputOf(req);
    const row = await createAlertRule(deps.database, param(req, 'projectId'), currentUser(req).id, toAlertRuleFields(input));
    if (!row) throw new AppError('CONFLICT', ALERT_MESSAGES.tooManyRules);
    res.status(201).json(presentAlertRule(row, currentStanding(req)));
  });

  router.get('/:alertId', read, async (req, res) => {
    res.json(presentAlertRule(await ruleOf(req), currentStanding(req)));
  });

  router.put('/:alertId', manage, async (req, res) => {
    const existing = await ruleOf(req);
    const input = await inputOf(req);
    const row = await updateAlertRule(deps.database.sql, existing.projectId, existing.id, toAlertRuleFields(input, existing));
    if (!row) throw new AppError('NOT_FOUND', ALERT_MESSAGES.ruleNotFound);
    res.json(presentAlertRule(row, currentStanding(req)));
  });

  router.delete('/:alertId', manage, async (req, res) => {
    const rule = await ruleOf(req);
    await deleteAlertRule(deps.database.sql, rule.projectId, rule.id);
    res.status(204).end();
  });

  router.get('/:alertId/deliveries', manage, async (req, res) => {
    const rule = await ruleOf(req);
    const { limit } = parseInput(AlertDeliveriesQuerySchema, req.query);
    const rows = await findAlertDeliveries(deps.database.sql, rule.id, limit);
    res.json(
      rows.map(
        (d): AlertDeliveryView => ({
          id: d.id,
          kind: d.kind,
          channel: d.channelType,
          target: d.target,
          status: d.status,
          attempts: d.attempts,
          error: d.error,
          title: d.title,
          created_at: d.createdAt.toISOString(),
          sent_at: d.sentAt ? d.sentAt.toISOString() : null,
        }),
      ),
    );
  });

  // A test sends real messages to addresses an admin typed: a few per hour per user.
  router.post('/:alertId/test', manage, rateLimit(deps, { name: 'alert-test', points: 20, durationSeconds: 3600, key: (req) => currentUser(req).id }), async (req, res) => {
    const rule = await ruleOf(req);
    const project = await getAlertProject(deps.database.sql, rule.projectId);
    if (!project) throw new AppError('NOT_FOUND', ALERT_MESSAGES.ruleNotFound);
    const ids = await recordTestAlert(deps.alerts.deps, rule, { id: rule.projectId, name: project.name });
    await deps.alerts.queue.deliver(ids);
    res.status(202).json({ deliveries: ids.length, delivery_ids: ids });
  });

  return router;
}
