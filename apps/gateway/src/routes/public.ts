import { ContactMessageSchema, CONTACT_MESSAGES, getPlanTable } from '@seyir/domain';
import { createContactMessage } from '@seyir/db';
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { parseInput } from '../http/validate.js';
import { rateLimit } from '../http/rate-limit.js';

/** Routes open to visitors: the plan table (pricing page and FAQ) and the contact form. */
export function publicRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/plans', (_req, res) => {
    res.json({ preset: deps.planPreset, beta: deps.beta, plans: getPlanTable({ preset: deps.planPreset, beta: deps.beta }) });
  });

  // A visitor may send a few messages an hour, not flood the inbox.
  router.post('/contact', rateLimit(deps, { name: 'contact', points: 5, durationSeconds: 3600 }), async (req, res) => {
    const input = parseInput(ContactMessageSchema, req.body);
    await createContactMessage(deps.db, { name: input.name, email: input.email, subject: input.subject, message: input.message, userId: null });
    res.status(201).json({ detail: CONTACT_MESSAGES.sent });
  });

  return router;
}
