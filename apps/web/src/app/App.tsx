import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageSpinner } from '../components/ui';
import { RequireAuth } from '../features/auth/RequireAuth';
import { checkSession } from '../features/auth/session';
import { ThemeSync } from '../features/preferences/ThemeSync';
import { PublicLayout } from '../features/public/PublicLayout';
import { Toaster } from '../features/toasts/Toaster';
import { useAppDispatch } from './hooks';

const HomePage = lazy(() => import('../features/public/HomePage'));
const FeaturesPage = lazy(() => import('../features/public/FeaturesPage'));
const PricingPage = lazy(() => import('../features/public/PricingPage'));
const ContactPage = lazy(() => import('../features/public/ContactPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const NotFoundPage = lazy(() => import('../features/public/NotFoundPage'));

const AppLayout = lazy(() => import('../features/shell/AppLayout'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const ProjectsPage = lazy(() => import('../features/projects/ProjectsPage'));
const ProjectFormPage = lazy(() => import('../features/projects/ProjectFormPage'));
const LogsPage = lazy(() => import('../features/logs/LogsPage'));
const LogDetailPage = lazy(() => import('../features/logs/LogDetailPage'));
const GroupsPage = lazy(() => import('../features/groups/GroupsPage'));
const GroupDetailPage = lazy(() => import('../features/groups/GroupDetailPage'));
const ApiKeysPage = lazy(() => import('../features/apiKeys/ApiKeysPage'));
const SettingsPage = lazy(() => import('../features/team/SettingsPage'));

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
            <Route path="projects/:projectId/api-keys" element={<ApiKeysPage />} />
            <Route path="projects/:projectId/settings" element={<SettingsPage />} />
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
