import { Link } from 'react-router-dom';
import { COMMON } from '../messages';

export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-indigo-600 dark:fill-indigo-500" />
        <path d="M8 20l5-6 4 4 7-9" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={compact ? 'sr-only' : 'text-lg'}>{COMMON.brand}</span>
    </Link>
  );
}
