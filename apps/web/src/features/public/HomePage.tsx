import { useAppSelector } from '../../app/hooks';
import { ButtonLink } from '../../components/ui';
import { NAV } from '../../messages';
import { HOME } from '../../messages/marketing';
import { usePageTitle } from '../../lib/usePageTitle';
import { selectIsSignedIn } from '../auth/authSlice';

export default function HomePage() {
  usePageTitle(NAV.home);
  const signedIn = useAppSelector(selectIsSignedIn);
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
          <h1 className="mx-auto max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">{HOME.heroTitle}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{HOME.heroText}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {signedIn ? <ButtonLink to="/dashboard">{HOME.ctaDashboard}</ButtonLink> : <ButtonLink to="/register">{HOME.ctaStart}</ButtonLink>}
            <ButtonLink to="/features" variant="secondary">
              {HOME.ctaFeatures}
            </ButtonLink>
          </div>
        </div>
      </section>
      <section aria-labelledby="home-features" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="home-features" className="text-center text-2xl font-semibold text-slate-900 dark:text-white">
          {HOME.featuresTitle}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {HOME.features.map((f) => (
            <li key={f.title} className="rounded-lg border border-slate-200 p-6 dark:border-slate-800">
              <h3 className="font-semibold text-slate-900 dark:text-white">{f.title}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="home-how" className="bg-slate-50 dark:bg-slate-900">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="home-how" className="text-center text-2xl font-semibold text-slate-900 dark:text-white">
            {HOME.howTitle}
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {HOME.steps.map((s, i) => (
              <li key={s.title} className="rounded-lg bg-white p-6 shadow-sm dark:bg-slate-950">
                <span className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white dark:bg-indigo-400 dark:text-slate-950">{i + 1}</span>
                <h3 className="mt-3 font-semibold text-slate-900 dark:text-white">{s.title}</h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{s.text}</p>
              </li>
            ))}
          </ol>
          <pre tabIndex={0} className="mx-auto mt-8 max-w-md overflow-x-auto rounded-md bg-slate-900 p-4 text-sm text-slate-100 dark:bg-black">
            <code>pip install seyir</code>
          </pre>
        </div>
      </section>
      <section aria-labelledby="home-cta" className="mx-auto max-w-6xl px-4 py-16 text-center">
        <h2 id="home-cta" className="text-2xl font-semibold text-slate-900 dark:text-white">
          {HOME.ctaTitle}
        </h2>
        <p className="mt-3 text-slate-600 dark:text-slate-400">{HOME.ctaText}</p>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{HOME.selfHosted}</p>
        <div className="mt-6">
          {signedIn ? <ButtonLink to="/dashboard">{NAV.dashboard}</ButtonLink> : <ButtonLink to="/register">{HOME.ctaStart}</ButtonLink>}
        </div>
      </section>
    </>
  );
}
