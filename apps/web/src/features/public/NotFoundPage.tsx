import { Link } from 'react-router-dom';
import { NAV, NOT_FOUND } from '../../messages';
import { usePageTitle } from '../../lib/usePageTitle';

export default function NotFoundPage() {
  usePageTitle(NOT_FOUND.title);
  const links = [
    { to: '/', label: NAV.home },
    { to: '/contact', label: NAV.contact },
    { to: '/features', label: NAV.features },
    { to: '/pricing', label: NAV.pricing },
    { to: '/dashboard', label: NAV.dashboard },
  ];
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-6xl font-bold text-indigo-600 dark:text-indigo-400" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900 dark:text-white">{NOT_FOUND.title}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{NOT_FOUND.text}</p>
      <p className="mt-8 text-sm font-medium text-slate-700 dark:text-slate-200">{NOT_FOUND.links}</p>
      <ul className="mt-3 flex flex-wrap justify-center gap-4">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="text-indigo-700 underline underline-offset-2 dark:text-indigo-300">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
