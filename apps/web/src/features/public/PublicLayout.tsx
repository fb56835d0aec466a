import { useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { Logo } from '../../components/Logo';
import { ButtonLink, cx } from '../../components/ui';
import { COMMON, FOOTER, NAV } from '../../messages';
import { useFocusOnNavigate } from '../../lib/useFocusOnNavigate';
import { selectIsSignedIn } from '../auth/authSlice';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'text-indigo-700 dark:text-indigo-300' : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
  );

/** The top navigation and footer of §2's public pages. */
export function PublicLayout() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const [open, setOpen] = useState(false);
  const mainRef = useFocusOnNavigate<HTMLElement>();
  const links = [
    { to: '/', label: NAV.home, end: true },
    { to: '/features', label: NAV.features },
    ...(signedIn ? [] : [{ to: '/pricing', label: NAV.pricing }]),
    { to: '/contact', label: NAV.contact },
  ];
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900">
        {COMMON.skipToContent}
      </a>
      <header className="border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Logo />
          <nav aria-label={NAV.mainNav} className="hidden items-center gap-1 md:flex">
            {links.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.end} className={linkClass}>
                {l.label}
              </NavLink>
            ))}
          </nav>
          <div className="hidden items-center gap-2 md:flex">
            {signedIn ? (
              <ButtonLink to="/dashboard">{NAV.dashboard}</ButtonLink>
            ) : (
              <>
                <ButtonLink to="/login" variant="ghost">
                  {NAV.login}
                </ButtonLink>
                <ButtonLink to="/register">{NAV.register}</ButtonLink>
              </>
            )}
          </div>
          <button
            type="button"
            className="rounded-md p-2 text-slate-700 md:hidden dark:text-slate-200"
            aria-expanded={open}
            aria-controls="public-mobile-menu"
            onClick={() => setOpen((v) => !v)}
          >
            <span className="sr-only">{open ? NAV.closeMenu : NAV.openMenu}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
        {open && (
          <nav id="public-mobile-menu" aria-label={NAV.mainNav} className="border-t border-slate-200 px-4 py-2 md:hidden dark:border-slate-800">
            <ul className="flex flex-col" onClick={() => setOpen(false)}>
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.end} className={linkClass}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
              {signedIn ? (
                <li>
                  <NavLink to="/dashboard" className={linkClass}>
                    {NAV.dashboard}
                  </NavLink>
                </li>
              ) : (
                <>
                  <li>
                    <NavLink to="/login" className={linkClass}>
                      {NAV.login}
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to="/register" className={linkClass}>
                      {NAV.register}
                    </NavLink>
                  </li>
                </>
              )}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" ref={mainRef} tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}

function PublicFooter() {
  const columns = [
    { title: FOOTER.product, links: [NAV.features, NAV.pricing, NAV.docs, FOOTER.status] },
    { title: FOOTER.company, links: [FOOTER.about, FOOTER.blog, FOOTER.careers, NAV.contact] },
    { title: FOOTER.resources, links: [FOOTER.privacy, FOOTER.terms] },
  ];
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{FOOTER.tagline}</p>
          <SocialLinks className="mt-4" />
        </div>
        {columns.map((col) => (
          <div key={col.title}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{col.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {col.links.map((label) => (
                <li key={label}>
                  <a href="#" className="text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">{FOOTER.rights(new Date().getFullYear())}</p>
    </footer>
  );
}

/** Placeholder social links (§2). */
export function SocialLinks({ className }: { className?: string }) {
  const items = [
    { label: 'Twitter', path: 'M22 5.9a8 8 0 01-2.3.6 4 4 0 001.8-2.2 8 8 0 01-2.5 1 4 4 0 00-6.9 3.6A11.4 11.4 0 013.9 4.7a4 4 0 001.2 5.4 4 4 0 01-1.8-.5 4 4 0 003.2 4 4 4 0 01-1.8.1 4 4 0 003.8 2.8A8 8 0 012 18.1 11.4 11.4 0 008.2 20c7.4 0 11.5-6.2 11.5-11.5v-.5A8.2 8.2 0 0022 5.9z' },
    { label: 'GitHub', path: 'M12 2a10 10 0 00-3.2 19.5c.5.1.7-.2.7-.5v-1.7c-2.8.6-3.4-1.3-3.4-1.3-.4-1.2-1.1-1.5-1.1-1.5-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.3 1.1 2.9.8.1-.6.3-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5 0-1.1.4-2 1-2.7-.1-.3-.4-1.3.1-2.7 0 0 .8-.3 2.7 1a9.4 9.4 0 015 0c1.9-1.3 2.7-1 2.7-1 .5 1.4.2 2.4.1 2.7.6.7 1 1.6 1 2.7 0 3.9-2.4 4.7-4.6 5 .4.3.7.9.7 1.9v2.8c0 .3.2.6.7.5A10 10 0 0012 2z' },
    { label: 'LinkedIn', path: 'M4.98 3.5a2.5 2.5 0 11-.02 5 2.5 2.5 0 01.02-5zM3 9h4v12H3zM9 9h3.8v1.7h.1c.5-1 1.8-2 3.7-2 4 0 4.7 2.6 4.7 6V21h-4v-5.6c0-1.3 0-3-1.9-3s-2.1 1.5-2.1 2.9V21H9z' },
  ];
  return (
    <ul className={cx('flex gap-3', className)} aria-label={FOOTER.social}>
      {items.map((item) => (
        <li key={item.label}>
          <a href="#" aria-label={item.label} className="block rounded p-1 text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
              <path d={item.path} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
