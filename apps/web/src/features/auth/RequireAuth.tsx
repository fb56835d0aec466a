import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { PageSpinner } from '../../components/ui';
import { selectAuthStatus, selectToken } from './authSlice';

/**
 * §6: signed-in screens send visitors to /login, carrying the requested location so the login
 * can return there; while the stored session is being checked a spinner shows.
 */
export function RequireAuth() {
  const token = useAppSelector(selectToken);
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location }} />;
  if (status === 'checking') return <PageSpinner />;
  return <Outlet />;
}
