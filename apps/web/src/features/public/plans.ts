import type { Plan } from '@seyir/domain';
import { FALLBACK_PLANS, useGetPlansQuery } from './publicApi';

/** The plan table from the API, or the same table built in if the server cannot be reached. */
export function usePlans() {
  const { data, isLoading, isError } = useGetPlansQuery();
  const table = data ?? (isError ? FALLBACK_PLANS : undefined);
  return { table, isLoading };
}

export function freePlan(plans: readonly Plan[]): Plan | undefined {
  return plans.find((p) => p.id === 'free') ?? plans.find((p) => p.price === 0);
}
