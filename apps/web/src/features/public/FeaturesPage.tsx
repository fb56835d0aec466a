import { formatNumberTr } from '@seyir/domain';
import { useAppSelector } from '../../app/hooks';
import { ButtonLink, Spinner } from '../../components/ui';
import { COMMON, NAV } from '../../messages';
import { FAQ, FEATURES_PAGE, HOME } from '../../messages/marketing';
import { selectIsSignedIn } from '../auth/authSlice';
import { freePlan, usePlans } from './plans';
import { usePageTitle } from '../../lib/usePageTitle';

export default function FeaturesPage() {
  usePageTitle(FEATURES_PAGE.title);
  const signedIn = useAppSelector(selectIsSignedIn);
  const { table } = usePlans();
  const free = table ? freePlan(table.plans) : undefined;
  const faq = [
    {
      q: FAQ.freeTierQ,
      a: free ? FAQ.freeTierA(formatNumberTr(free.monthlyLogs), free.retentionDays) : <Spinner small label={COMMON.loading} />,
    },
    { q: FAQ.switchQ, a: FAQ.switchA },
    { q: FAQ.overQ, a: FAQ.overA },
    { q: FAQ.retentionQ, a: FAQ.retentionA },
    { q: FAQ.securityQ, a: FAQ.securityA },
    { q: FAQ.selfHostQ, a: FAQ.selfHostA },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{FEATURES_PAGE.title}</h1>
      <p className="mt-3 max-w-2xl text-slate-600 dark:text-slate-300">{FEATURES_PAGE.intro}</p>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2">
        {FEATURES_PAGE.items.map((f) => (
          <li key={f.title} className="rounded-lg border border-slate-200 p-6 dark:border-slate-800">
            <h2 className="font-semibold text-slate-900 dark:text-white">{f.title}</h2>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{f.text}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="features-cta" className="mt-12 rounded-lg bg-indigo-600 p-8 text-center text-white dark:bg-indigo-900">
        <h2 id="features-cta" className="text-2xl font-semibold">
          {FEATURES_PAGE.ctaTitle}
        </h2>
        <div className="mt-5">
          {signedIn ? (
            <ButtonLink to="/dashboard" variant="secondary">
              {NAV.dashboard}
            </ButtonLink>
          ) : (
            <ButtonLink to="/register" variant="secondary">
              {HOME.ctaStart}
            </ButtonLink>
          )}
        </div>
      </section>
      <section aria-labelledby="faq" className="mt-12">
        <h2 id="faq" className="text-2xl font-semibold text-slate-900 dark:text-white">
          {FEATURES_PAGE.faqTitle}
        </h2>
        <div className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {faq.map((item) => (
            <details key={item.q} className="group p-4">
              <summary className="cursor-pointer font-medium text-slate-900 dark:text-white">{item.q}</summary>
              <div className="mt-2 text-sm text-slate-600 dark:text-slate-300">{item.a}</div>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
