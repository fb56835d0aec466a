import { Suspense, useEffect } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { PageSpinner } from '../components/ui';
import { RequireAuth } from '../features/auth/RequireAuth';
import { checkSession } from '../features/auth/session';
import { ThemeSync } from '../features/preferences/ThemeSync';
import { PublicLayout } from '../features/public/PublicLayout';
import { Toaster } from '../features/toasts/Toaster';
import { useAppDispatch } from './hooks';
import { lazyPage, type LazyPage } from './lazyPage';

const HomePage = lazyPage(() => import('../features/public/HomePage'));
const FeaturesPage = lazyPage(() => import('../features/public/FeaturesPage'));
const PricingPage = lazyPage(() => import('../features/public/PricingPage'));
const ContactPage = lazyPage(() => import('../features/public/ContactPage'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'));
const NotFoundPage = lazyPage(() => import('../features/public/NotFoundPage'));

const AppLayout = lazyPage(() => import('../features/shell/AppLayout'));
const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage'));
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage'));
const ProjectsPage = lazyPage(() => import('../features/projects/ProjectsPage'));
const ProjectFormPage = lazyPage(() => import('../features/projects/ProjectFormPage'));
const LogsPage = lazyPage(() => import('../features/logs/LogsPage'));
const LogDetailPage = lazyPage(() => import('../features/logs/LogDetailPage'));
const GroupsPage = lazyPage(() => import('../features/groups/GroupsPage'));
const GroupDetailPage = lazyPage(() => import('../features/groups/GroupDetailPage'));
const ApiKeysPage = lazyPage(() => import('../features/apiKeys/ApiKeysPage'));
const PerformancePage = lazyPage(() => import('../features/performance/PerformancePage'));
const PerformanceRoutePage = lazyPage(() => import('../features/performance/PerformanceRoutePage'));
const SettingsPage = lazyPage(() => import('../features/team/SettingsPage'));
const AlertsPage = lazyPage(() => import('../features/alerts/AlertsPage'));

const PUBLIC_PAGES: Array<[string, LazyPage]> = [
  ['/', HomePage],
  ['/features', FeaturesPage],
  ['/pricing', PricingPage],
  ['/contact', ContactPage],
  ['/login', LoginPage],
  ['/register', RegisterPage],
  ['/forgot-password', ForgotPasswordPage],
  ['/reset-password', ResetPasswordPage],
];

const SIGNED_IN_PAGES: Array<[string, LazyPage]> = [
  ['/dashboard', DashboardPage],
  ['/profile', ProfilePage],
  ['/projects', ProjectsPage],
  ['/projects/new', ProjectFormPage],
  ['/projects/:projectId', ProjectFormPage],
  ['/projects/:projectId/logs', LogsPage],
  ['/projects/:projectId/logs/:logId', LogDetailPage],
  ['/projects/:projectId/groups', GroupsPage],
  ['/projects/:projectId/groups/:groupId', GroupDetailPage],
  ['/projects/:projectId/api-keys', ApiKeysPage],
  ['/projects/:projectId/settings', SettingsPage],
  ['/projects/:projectId/alerts', AlertsPage],
];

/**
 * Fetches the chunks the first screen needs (the shell and the page, in parallel) so that the
 * first render does not wait on them one after the other. Never rejects.
 */
export function preloadRoute(pathname: string, signedIn: boolean): Promise<unknown> {
  const publicPage = PUBLIC_PAGES.find(([pattern]) => matchPath(pattern, pathname));
  if (publicPage) return publicPage[1].preload();
  const page = SIGNED_IN_PAGES.find(([pattern]) => matchPath(pattern, pathname));
  if (page) return signedIn ? Promise.all([AppLayout.preload(), page[1].preload()]) : LoginPage.preload();
  return NotFoundPage.preload();
}

/** Every route of §2; each screen is its own chunk. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          <Route path="features" element={<FeaturesPage />} />
          <Route path="pricing" element={<PricingPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route element={<AppLayout />}>
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route path="projects" element={<ProjectsPage />} />
            <Route path="projects/new" element={<ProjectFormPage />} />
            <Route path="projects/:projectId" element={<ProjectFormPage />} />
            <Route path="projects/:projectId/logs" element={<LogsPage />} />
            <Route path="projects/:projectId/logs/:logId" element={<LogDetailPage />} />
            <Route path="projects/:projectId/groups" element={<GroupsPage />} />
            <Route path="projects/:projectId/groups/:groupId" element={<GroupDetailPage />} />
            <Route path="projects/:projectId/performance" element={<PerformancePage />} />
            <Route path="projects/:projectId/performance/routes/:routeId" element={<PerformanceRoutePage />} />
            <Route path="projects/:projectId/api-keys" element={<ApiKeysPage />} />
            <Route path="projects/:projectId/settings" element={<SettingsPage />} />
            <Route path="projects/:projectId/alerts" element={<AlertsPage />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}

export function App() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(checkSession());
  }, [dispatch]);
  return (
    <>
      <ThemeSync />
      <AppRoutes />
      <Toaster />
    </>
  );
}
