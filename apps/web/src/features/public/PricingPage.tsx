import { formatNumberTr, type Plan } from '@seyir/domain';
import { useAppSelector } from '../../app/hooks';
import { ButtonLink, cx, PageSpinner } from '../../components/ui';
import { PRICING } from '../../messages/marketing';
import { selectIsSignedIn } from '../auth/authSlice';
import { usePlans } from './plans';
import { usePageTitle } from '../../lib/usePageTitle';

/**
 * §2: '0' reads 'Ücretsiz'; any other price '{price} ₺' with '/ay'. In beta every price is 0 and
 * the table's own price is shown struck through beside it.
 */
export function PlanPrice({ price, listPrice = price }: { price: number; listPrice?: number }) {
  if (price === 0) {
    return (
      <span>
        <span className="text-3xl font-bold">{PRICING.free}</span>
        {listPrice > 0 && (
          <s className="ml-2 text-sm text-slate-500 dark:text-slate-400" aria-label={PRICING.listPrice(PRICING.price(formatNumberTr(listPrice)))}>
            {PRICING.price(formatNumberTr(listPrice))}
            {PRICING.perMonth}
          </s>
        )}
      </span>
    );
  }
  return (
    <span>
      <span className="text-3xl font-bold">{PRICING.price(formatNumberTr(price))}</span>
      <span className="text-sm text-slate-500 dark:text-slate-400">{PRICING.perMonth}</span>
    </span>
  );
}

function PlanCard({ plan, ctaTarget }: { plan: Plan; ctaTarget: string }) {
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cx(
        'relative flex flex-col rounded-xl border bg-white p-6 shadow-sm dark:bg-slate-900',
        plan.popular ? 'border-indigo-500 ring-2 ring-indigo-500' : 'border-slate-200 dark:border-slate-700',
      )}
    >
      {plan.popular && (
        <span className="absolute -top-3 left-6 rounded-full bg-indigo-600 px-3 py-0.5 text-xs font-semibold text-white dark:bg-indigo-400 dark:text-slate-950">{PRICING.popular}</span>
      )}
      <h2 id={headingId} className="text-xl font-semibold text-slate-900 dark:text-white">
        {plan.name}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{plan.description}</p>
      <p className="mt-4 text-slate-900 dark:text-white">
        <PlanPrice price={plan.price} listPrice={plan.listPrice} />
      </p>
      <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-700 dark:text-slate-300">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <span aria-hidden="true" className="text-emerald-600 dark:text-emerald-400">
              ✓
            </span>
            {f}
          </li>
        ))}
      </ul>
      <ButtonLink to={ctaTarget} variant={plan.ctaVariant === 'primary' ? 'primary' : 'secondary'} className="mt-6 w-full">
        {plan.cta}
      </ButtonLink>
    </article>
  );
}

export default function PricingPage() {
  usePageTitle(PRICING.title);
  const signedIn = useAppSelector(selectIsSignedIn);
  const { table, isLoading } = usePlans();
  const ctaTarget = signedIn ? '/dashboard' : '/register';
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-center text-3xl font-bold text-slate-900 dark:text-white">{PRICING.title}</h1>
      <p className="mt-2 text-center text-slate-600 dark:text-slate-300">{PRICING.intro}</p>
      {(table?.beta ?? true) && (
        <div role="note" className="mx-auto mt-8 max-w-3xl rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-center dark:border-emerald-800 dark:bg-emerald-950">
          <p className="text-lg font-semibold text-emerald-900 dark:text-emerald-100">{PRICING.betaBanner}</p>
          <p className="mt-1 text-sm text-emerald-800 dark:text-emerald-200">{PRICING.betaText}</p>
        </div>
      )}
      {isLoading || !table ? (
        <PageSpinner />
      ) : (
        <div className="mt-12 grid gap-8 md:grid-cols-3">
          {table.plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} ctaTarget={ctaTarget} />
          ))}
        </div>
      )}
      <p className="mt-6 text-center text-sm text-slate-500 dark:text-slate-400">
        {PRICING.noCard}
      </p>
      <section aria-labelledby="pricing-bottom" className="mt-12 rounded-lg bg-slate-100 p-8 text-center dark:bg-slate-900">
        <h2 id="pricing-bottom" className="text-xl font-semibold text-slate-900 dark:text-white">
          {PRICING.bottomTitle}
        </h2>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/register">{PRICING.bottomStart}</ButtonLink>
          <ButtonLink to="/features" variant="secondary">
            {PRICING.bottomFeatures}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
