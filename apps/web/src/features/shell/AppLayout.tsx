import type { Project } from '@seyir/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Logo } from '../../components/Logo';
import { cx } from '../../components/ui';
import { APP_VERSION, COMMON, NAV, PROJECT_MESSAGES } from '../../messages';
import { SHELL, VIEWS } from '../../messages/app';
import { selectCurrentUser } from '../auth/authSlice';
import { logout } from '../auth/session';
import { selectLiveStatus } from '../live/liveSlice';
import { useFocusOnNavigate } from '../../lib/useFocusOnNavigate';
import { useGetProjectsQuery } from '../projects/projectsApi';
import { toastError } from '../toasts/toastSlice';
import { useGetViewsQuery, viewHref } from '../views/viewsApi';

export interface ShellContext {
  projects: Project[];
  projectsLoading: boolean;
}

/** The project list the shell loaded, for the screens inside it (§2). */
export function useShellProjects(): ShellContext {
  return useOutletContext<ShellContext | undefined>() ?? { projects: [], projectsLoading: false };
}

const ICONS = {
  dashboard: 'M3 13h8V3H3v10zm0 8h8v-6H3v6zm10 0h8V11h-8v10zm0-18v6h8V3h-8z',
  projects: 'M3 7a2 2 0 012-2h4l2 2h8a2 2 0 012 2v8a2 2 0 01-2 2H5a2 2 0 01-2-2V7z',
  profile: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-7 8a7 7 0 0114 0H5z',
  plus: 'M12 5v14M5 12h14',
  chevron: 'M9 6l6 6-6 6',
};

function Icon({ d, className }: { d: string; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={cx('h-5 w-5 shrink-0', className)} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

const navItemClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
    isActive
      ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
  );

/** A project's saved views under its menu; each opens the logs screen with the view's query. */
function ProjectViews({ projectId }: { projectId: string }) {
  const { data: views = [] } = useGetViewsQuery(projectId);
  const location = useLocation();
  const openView = new URLSearchParams(location.search).get('view');
  if (views.length === 0) return null;
  return (
    <li>
      <h3 className="mt-2 px-3 text-xs font-semibold text-slate-500 dark:text-slate-400">{VIEWS.heading}</h3>
      <ul aria-label={VIEWS.heading} className="mt-0.5 space-y-0.5">
        {views.map((view) => {
          const current = openView === view.id && location.pathname === `/projects/${projectId}/logs`;
          return (
            <li key={view.id}>
              <Link to={viewHref(projectId, view)} aria-current={current ? 'page' : undefined} className={cx(navItemClass({ isActive: current }), 'truncate py-1.5')} title={view.query}>
                {view.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

function ProjectNav({ project, collapsed, initiallyOpen }: { project: Project; collapsed: boolean; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const listId = `project-nav-${project._id}`;
  const base = `/projects/${project._id}`;
  const items = [
    { to: base, label: SHELL.projectDashboard, end: true },
    { to: `${base}/logs`, label: SHELL.projectLogs },
    { to: `${base}/groups`, label: SHELL.projectGroups },
    { to: `${base}/performance`, label: SHELL.projectPerformance },
    { to: `${base}/api-keys`, label: SHELL.projectApiKeys },
    { to: `${base}/alerts`, label: SHELL.projectAlerts },
    { to: `${base}/settings`, label: SHELL.projectSettings },
  ];
  return (
    <li>
      <button
        type="button"
        className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
        title={project.name}
      >
        <span aria-hidden="true" className="flex h-5 w-5 shrink-0 items-center justify-center rounded bg-slate-200 text-xs font-semibold uppercase dark:bg-slate-700">
          {project.name.charAt(0)}
        </span>
        <span className={cx('flex-1 truncate', collapsed && 'sr-only')}>{project.name}</span>
        {!collapsed && <Icon d={ICONS.chevron} className={cx('h-4 w-4 transition-transform', open && 'rotate-90')} />}
      </button>
      {open && !collapsed && (
        <ul id={listId} className="mt-1 ml-6 space-y-0.5 border-l border-slate-200 pl-2 dark:border-slate-700">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={({ isActive }) => cx(navItemClass({ isActive }), 'py-1.5')}>
                {item.label}
              </NavLink>
            </li>
          ))}
          <ProjectViews projectId={project._id} />
        </ul>
      )}
    </li>
  );
}

function Sidebar({ projects, collapsed, onToggle, mobileOpen }: { projects: Project[]; collapsed: boolean; onToggle(): void; mobileOpen: boolean }) {
  const { projectId } = useParams();
  const main = [
    { to: '/dashboard', label: NAV.dashboard, icon: ICONS.dashboard },
    { to: '/projects', label: NAV.projects, icon: ICONS.projects, end: true },
    { to: '/profile', label: NAV.profile, icon: ICONS.profile },
  ];
  return (
    <aside
      id="app-sidebar"
      aria-label={SHELL.sidebar}
      className={cx(
        'fixed inset-y-0 left-0 z-40 flex flex-col border-r border-slate-200 bg-white transition-[width] dark:border-slate-800 dark:bg-slate-900',
        collapsed ? 'w-16' : 'w-64',
        mobileOpen ? 'flex' : 'hidden md:flex',
      )}
    >
      <div className={cx('flex h-14 items-center border-b border-slate-200 px-3 dark:border-slate-800', collapsed ? 'justify-center' : 'justify-between')}>
        <Logo to="/dashboard" compact={collapsed} />
      </div>
      <nav aria-label={NAV.mainNav} className="flex-1 overflow-y-auto p-2">
        <ul className="space-y-1">
          {main.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={navItemClass} title={item.label}>
                <Icon d={item.icon} />
                <span className={cx(collapsed && 'sr-only')}>{item.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
        <h2 className={cx('mt-6 mb-2 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400', collapsed && 'sr-only')}>{SHELL.projectsHeading}</h2>
        <ul className="space-y-1">
          {projects.map((p) => (
            <ProjectNav key={p._id} project={p} collapsed={collapsed} initiallyOpen={p._id === projectId} />
          ))}
          <li>
            <NavLink to="/projects/new" className={navItemClass} title={SHELL.newProject}>
              <Icon d={ICONS.plus} />
              <span className={cx(collapsed && 'sr-only')}>{SHELL.newProject}</span>
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className="border-t border-slate-200 p-2 dark:border-slate-800">
        <button
          type="button"
          onClick={onToggle}
          className="hidden w-full items-center justify-center gap-2 rounded-md px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 md:flex dark:text-slate-300 dark:hover:bg-slate-800"
          aria-expanded={!collapsed}
          aria-controls="app-sidebar"
        >
          <Icon d={ICONS.chevron} className={cx('h-4 w-4', !collapsed && 'rotate-180')} />
          <span className={cx(collapsed && 'sr-only')}>{collapsed ? SHELL.expand : SHELL.collapse}</span>
        </button>
      </div>
    </aside>
  );
}

/** Shows whether live updates flow; silent until a screen asked for them. */
export function ConnectionIndicator() {
  const status = useAppSelector(selectLiveStatus);
  if (status === 'idle') return null;
  const look = {
    connected: { dot: 'bg-emerald-500', text: SHELL.liveConnected },
    connecting: { dot: 'bg-amber-500 animate-pulse', text: SHELL.liveConnecting },
    disconnected: { dot: 'bg-red-500', text: SHELL.liveDisconnected },
  }[status];
  return (
    <span role="status" aria-label={`${SHELL.liveStatus}: ${look.text}`} className="inline-flex items-center gap-2 rounded-full border border-slate-200 px-2.5 py-1 text-xs text-slate-700 dark:border-slate-700 dark:text-slate-200">
      <span aria-hidden="true" className={cx('h-2 w-2 rounded-full', look.dot)} />
      <span className={status === 'connected' ? 'hidden sm:inline' : 'max-w-40 truncate sm:max-w-none'}>{look.text}</span>
    </span>
  );
}

function UserMenu() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const name = user?.username || user?.email || '';
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const onLogout = async () => {
    setOpen(false);
    await dispatch(logout());
    navigate('/');
  };
  return (
    <div className="relative" ref={box}>
      <button
        type="button"
        className="flex items-center gap-2 rounded-full p-1 pr-2 hover:bg-slate-100 dark:hover:bg-slate-800"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={() => setOpen((v) => !v)}
      >
        <span className="sr-only">{SHELL.userMenu}</span>
        <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white uppercase dark:bg-indigo-400 dark:text-slate-950">
          {name.charAt(0) || '?'}
        </span>
        <span className="hidden max-w-40 truncate text-sm text-slate-700 sm:inline dark:text-slate-200">{name}</span>
      </button>
      {open && (
        <ul id="user-menu" className="absolute right-0 z-50 mt-2 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          <li>
            <Link to="/dashboard" onClick={() => setOpen(false)} className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
              {NAV.dashboard}
            </Link>
          </li>
          <li>
            <Link to="/profile" onClick={() => setOpen(false)} className="block px-4 py-2 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
              {NAV.profile}
            </Link>
          </li>
          <li>
            <button type="button" onClick={() => void onLogout()} className="block w-full px-4 py-2 text-left text-sm text-red-700 hover:bg-slate-100 dark:text-red-300 dark:hover:bg-slate-800">
              {NAV.logout}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

/** §2 signed-in layout: sidebar, top navigation with the user menu, footer with the version. */
export default function AppLayout() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const { data: projects = [], isLoading, isError } = useGetProjectsQuery();
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const mainRef = useFocusOnNavigate<HTMLElement>();
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMobileOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  useEffect(() => {
    if (isError) dispatch(toastError(PROJECT_MESSAGES.listLoadFailed));
  }, [isError, dispatch]);
  useEffect(() => setMobileOpen(false), [location.pathname]);

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <a href="#app-main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900">
        {COMMON.skipToContent}
      </a>
      <Sidebar projects={projects} collapsed={collapsed && !mobileOpen} onToggle={() => setCollapsed((v) => !v)} mobileOpen={mobileOpen} />
      {mobileOpen && <div className="fixed inset-0 z-30 bg-slate-950/50 md:hidden" aria-hidden="true" onClick={() => setMobileOpen(false)} />}
      <div className={cx('flex min-h-screen flex-col', collapsed ? 'md:pl-16' : 'md:pl-64')}>
        <header className="sticky top-0 z-20 flex h-14 items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
          <button
            type="button"
            className="rounded-md p-2 text-slate-700 md:hidden dark:text-slate-200"
            aria-expanded={mobileOpen}
            aria-controls="app-sidebar"
            onClick={() => setMobileOpen((v) => !v)}
          >
            <span className="sr-only">{mobileOpen ? NAV.closeMenu : NAV.openMenu}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </button>
          <div className="flex flex-1 items-center justify-end gap-3">
            <ConnectionIndicator />
            <UserMenu />
          </div>
        </header>
        <main id="app-main" ref={mainRef} tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 p-4 outline-none sm:p-6">
          <Outlet context={{ projects, projectsLoading: isLoading } satisfies ShellContext} />
        </main>
        <footer className="border-t border-slate-200 px-6 py-3 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">{SHELL.version(APP_VERSION)}</footer>
      </div>
    </div>
  );
}
