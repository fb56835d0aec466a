import { z } from 'zod';
import { PLAN_IDS } from './plans.js';

export const BILLING_MESSAGES = {
  planInvalid: 'Geçerli bir plan seçin.',
  samePlan: 'Zaten bu plandasınız.',
  projectLimitReached: (allowed: number, planName: string) =>
    `${planName} planında en fazla ${allowed} proje oluşturabilirsiniz. Daha fazla proje için planınızı yükseltin.`,
  tooManyProjectsForPlan: (owned: number, allowed: number, planName: string) =>
    `${planName} planı en fazla ${allowed} projeye izin veriyor; sizin ${owned} projeniz var. Önce proje sayınızı azaltın.`,
  quoteChanged: 'Fiyat teklifi değişti (gün ya da plan değişmiş olabilir). Lütfen yeni teklifi inceleyip tekrar onaylayın.',
} as const;

/** GET /api/v1/users/me/plan/quote?plan=: the query. */
export const PlanQuoteQuerySchema = z.object({ plan: z.enum(PLAN_IDS, { error: BILLING_MESSAGES.planInvalid }) });

/**
 * POST /api/v1/users/me/plan: the plan to switch to, and the amount the user saw in the quote.
 * When `expected_amount_kurus` is given and the amount now differs (a new day began, or the plan
 * changed elsewhere), nothing is changed and 409 answers with the new quote's message.
 */
export const PlanChangeSchema = z.object({
  plan: z.enum(PLAN_IDS, { error: BILLING_MESSAGES.planInvalid }),
  expected_amount_kurus: z.number({ error: BILLING_MESSAGES.quoteChanged }).int().min(-10_000_000).max(10_000_000).optional(),
});
export type PlanChangeInput = z.infer<typeof PlanChangeSchema>;

/** The answer of the quote (and, with `changed_at`, of the change). */
export interface PlanQuoteView {
  from_plan: string;
  to_plan: string;
  from_price: number;
  to_price: number;
  beta: boolean;
  days_in_month: number;
  days_remaining: number;
  /** > 0 charge, < 0 credit, in kuruş. */
  amount_kurus: number;
  /** The amount in ₺ text, e.g. '54,29 ₺'. */
  amount_text: string;
  kind: 'charge' | 'credit' | 'none';
  /** The rounding rule, stated. */
  rule: string;
}

export const PRO_RATA_RULE =
  'Fark, ayın kalan günleri (değişiklik günü dahil, UTC takvimi) oranında hesaplanır: (yeni fiyat − eski fiyat) × kalan gün ÷ ayın gün sayısı; sonuç en yakın kuruşa yuvarlanır (yarım kuruş sıfırdan uzağa).';
