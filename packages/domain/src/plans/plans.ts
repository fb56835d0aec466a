/** Plan identifiers; the same table drives limits, the pricing page and the FAQ. */
export const PLAN_IDS = ['free', 'standard', 'professional'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in ₺ charged now; 0 shows as 'Ücretsiz'. In beta every price is 0. */
  price: number;
  /** The table's monthly price in ₺, whatever the beta switch says. */
  listPrice: number;
  description: string;
  /** Maximum projects an account may own; null = unlimited. */
  maxProjects: number | null;
  monthlyLogs: number;
  retentionDays: number;
  /**
   * Performance monitoring (timing records of the framework integrations). Timing records are
   * rolled up per minute, not stored one by one, so they do not count towards `monthlyLogs`:
   * a service's request count would otherwise dwarf its logs. They are bounded instead by the
   * per-key request rate and the client's `timing_sample_rate`.
   */
  performance: { timingsCountTowardsQuota: boolean; retentionDays: number };
  features: string[];
  cta: string;
  ctaVariant: 'primary' | 'secondary';
  popular: boolean;
}

/** The §9 pricing table (the default reading). */
const PRICING_TABLE: readonly Plan[] = [
  {
    id: 'free',
    name: 'Ücretsiz',
    price: 0,
    listPrice: 0,
    description: 'Küçük projeler ve denemeler için.',
    maxProjects: 1,
    monthlyLogs: 50_000,
    retentionDays: 7,
    performance: { timingsCountTowardsQuota: false, retentionDays: 90 },
    features: ['1 proje', 'Aylık 50.000 log', '1 hafta saklama', 'Temel dashboard', 'Topluluk desteği'],
    cta: 'Ücretsiz Başlayın',
    ctaVariant: 'secondary',
    popular: false,
  },
  {
    id: 'standard',
    name: 'Standart',
    price: 99,
    listPrice: 99,
    description: 'Büyüyen ekipler için.',
    maxProjects: 5,
    monthlyLogs: 500_000,
    retentionDays: 30,
    performance: { timingsCountTowardsQuota: false, retentionDays: 90 },
    features: ['5 proje', 'Aylık 500.000 log', '30 gün saklama', 'Gelişmiş dashboard', 'E-posta bildirimleri', 'E-posta desteği'],
    cta: 'Standart Plana Geçin',
    ctaVariant: 'primary',
    popular: true,
  },
  {
    id: 'professional',
    name: 'Profesyonel',
    price: 199,
    listPrice: 199,
    description: 'Yüksek hacimli servisler için.',
    maxProjects: null,
    monthlyLogs: 5_000_000,
    retentionDays: 90,
    performance: { timingsCountTowardsQuota: false, retentionDays: 90 },
    features: ['Sınırsız proje', 'Aylık 5.000.000 log', '90 gün saklama', 'Premium dashboard', 'Webhook entegrasyonları', 'SSO', 'Öncelikli destek'],
    cta: 'Profesyonel Plana Geçin',
    ctaVariant: 'secondary',
    popular: false,
  },
];

/** Plan-table readings: the §9 table, or the FAQ's (free: 10,000 logs, 3-day retention). */
export const PLAN_PRESETS = ['pricing', 'faq'] as const;
export type PlanPreset = (typeof PLAN_PRESETS)[number];

/** How the table is read: which preset, and whether the beta period makes every price 0. */
export interface PlanTableOptions {
  /** Default `pricing`. */
  preset?: PlanPreset;
  /** Beta period: every `price` is 0 (`listPrice` keeps the table's). Default false. */
  beta?: boolean;
}

/**
 * The plan table: the one source of limits (projects, monthly logs, retention), prices and the
 * texts of the pricing page and the FAQ.
 */
export function getPlanTable(presetOrOptions: PlanPreset | PlanTableOptions = 'pricing'): readonly Plan[] {
  const { preset = 'pricing', beta = false } = typeof presetOrOptions === 'string' ? { preset: presetOrOptions } : presetOrOptions;
  let table = PRICING_TABLE;
  if (preset === 'faq') {
    table = table.map((plan) =>
      plan.id === 'free'
        ? { ...plan, monthlyLogs: 10_000, retentionDays: 3, features: ['1 proje', 'Aylık 10.000 log', '3 gün saklama', 'Temel dashboard', 'Topluluk desteği'] }
        : plan,
    );
  }
  table = table.map((plan) => ({ ...plan, features: [...plan.features, performanceFeature(plan)] }));
  return beta ? table.map((plan) => ({ ...plan, price: 0 })) : table;
}

/** The pricing page's line on performance monitoring, from the plan's own figures. */
export function performanceFeature(plan: Pick<Plan, 'performance'>): string {
  const quota = plan.performance.timingsCountTowardsQuota ? 'log kotasına sayılır' : 'log kotasına sayılmaz';
  return `Performans izleme (${plan.performance.retentionDays} gün; istek kayıtları ${quota})`;
}

export function getPlan(id: PlanId, presetOrOptions: PlanPreset | PlanTableOptions = 'pricing'): Plan {
  const plan = getPlanTable(presetOrOptions).find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** A stored plan name as a plan id; anything unknown reads as the free plan. */
export function toPlanId(value: string): PlanId {
  return isPlanId(value) ? value : 'free';
}

/** Overage fee: 10 ₺ per started block of 10,000 logs above the quota. */
export const OVERAGE_BLOCK_LOGS = 10_000;
export const OVERAGE_BLOCK_PRICE = 10;

export function overageFee(usedLogs: number, quota: number): number {
  const over = Math.max(0, usedLogs - quota);
  return Math.ceil(over / OVERAGE_BLOCK_LOGS) * OVERAGE_BLOCK_PRICE;
}
