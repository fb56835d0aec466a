/** Plan identifiers; the same table drives limits, the pricing page and the FAQ. */
export const PLAN_IDS = ['free', 'standard', 'professional'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Monthly price in ₺; 0 shows as 'Ücretsiz'. */
  price: number;
  description: string;
  /** Maximum projects an account may own; null = unlimited. */
  maxProjects: number | null;
  monthlyLogs: number;
  retentionDays: number;
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
    description: 'Küçük projeler ve denemeler için.',
    maxProjects: 1,
    monthlyLogs: 50_000,
    retentionDays: 7,
    features: ['1 proje', 'Aylık 50.000 log', '1 hafta saklama', 'Temel dashboard', 'Topluluk desteği'],
    cta: 'Ücretsiz Başlayın',
    ctaVariant: 'secondary',
    popular: false,
  },
  {
    id: 'standard',
    name: 'Standart',
    price: 99,
    description: 'Büyüyen ekipler için.',
    maxProjects: 5,
    monthlyLogs: 500_000,
    retentionDays: 30,
    features: ['5 proje', 'Aylık 500.000 log', '30 gün saklama', 'Gelişmiş dashboard', 'E-posta bildirimleri', 'E-posta desteği'],
    cta: 'Standart Plana Geçin',
    ctaVariant: 'primary',
    popular: true,
  },
  {
    id: 'professional',
    name: 'Profesyonel',
    price: 199,
    description: 'Yüksek hacimli servisler için.',
    maxProjects: null,
    monthlyLogs: 5_000_000,
    retentionDays: 90,
    features: ['Sınırsız proje', 'Aylık 5.000.000 log', '90 gün saklama', 'Premium dashboard', 'Webhook entegrasyonları', 'SSO', 'Öncelikli destek'],
    cta: 'Profesyonel Plana Geçin',
    ctaVariant: 'secondary',
    popular: false,
  },
];

/** Plan-table readings: the §9 table, or the FAQ's (free: 10,000 logs, 3-day retention). */
export const PLAN_PRESETS = ['pricing', 'faq'] as const;
export type PlanPreset = (typeof PLAN_PRESETS)[number];

/** The plan table for a preset. */
export function getPlanTable(preset: PlanPreset = 'pricing'): readonly Plan[] {
  if (preset === 'pricing') return PRICING_TABLE;
  return PRICING_TABLE.map((plan) =>
    plan.id === 'free'
      ? { ...plan, monthlyLogs: 10_000, retentionDays: 3, features: ['1 proje', 'Aylık 10.000 log', '3 gün saklama', 'Temel dashboard', 'Topluluk desteği'] }
      : plan,
  );
}

export function getPlan(id: PlanId, preset: PlanPreset = 'pricing'): Plan {
  const plan = getPlanTable(preset).find((p) => p.id === id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

/** Overage fee: 10 ₺ per started block of 10,000 logs above the quota. */
export const OVERAGE_BLOCK_LOGS = 10_000;
export const OVERAGE_BLOCK_PRICE = 10;

export function overageFee(usedLogs: number, quota: number): number {
  const over = Math.max(0, usedLogs - quota);
  return Math.ceil(over / OVERAGE_BLOCK_LOGS) * OVERAGE_BLOCK_PRICE;
}
