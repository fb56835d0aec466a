import { LoginSchema } from '@seyir/domain';
import { useState } from 'react';
import { Link, useLocation, useNavigate, type Location } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Alert, Button, Card, CheckboxField, TextField } from '../../components/ui';
import { useZodForm } from '../../lib/useZodForm';
import { AUTH_MESSAGES, COMMON, LOGIN } from '../../messages';
import { errorDetail } from '../api/errors';
import { toastError, toastSuccess } from '../toasts/toastSlice';
import { authApi, useLoginMutation } from './authApi';
import { loggedOut, noticeCleared, tokenReceived, userLoaded } from './authSlice';
import { usePageTitle } from '../../lib/usePageTitle';

/** Where to go after login: the path carried in navigation state, else /dashboard (§2). */
export function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export default function LoginPage() {
  usePageTitle(LOGIN.title);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const notice = useAppSelector((s) => s.auth.notice);
  const [login] = useLoginMutation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { values, errors, setField, handleSubmit } = useZodForm(LoginSchema, { username: '', password: '', remember_me: false });

  const onSubmit = handleSubmit(async (data) => {
    setBusy(true);
    setFailure(null);
    try {
      const { access_token } = await login({ username: data.username, password: data.password, remember_me: data.remember_me }).unwrap();
      dispatch(tokenReceived(access_token));
      const user = await dispatch(authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
      if (!user) throw new Error('no user');
      dispatch(userLoaded(user));
      dispatch(toastSuccess(AUTH_MESSAGES.loginSucceeded));
      navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      dispatch(loggedOut());
      const message = errorDetail(error) ?? AUTH_MESSAGES.loginFailed;
      setFailure(message);
      dispatch(toastError(message));
      setBusy(false);
    }
  });

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{LOGIN.title}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{LOGIN.intro}</p>
        {notice && (
          <Alert tone="warning" className="mt-4">
            <span className="flex items-start justify-between gap-2">
              {notice}
              <button type="button" className="text-lg leading-none" aria-label={COMMON.close} onClick={() => dispatch(noticeCleared())}>
                ×
              </button>
            </span>
          </Alert>
        )}
        {failure && (
          <Alert tone="error" className="mt-4">
            {failure}
          </Alert>
        )}
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
          <TextField label={LOGIN.username} name="username" autoComplete="username" value={values.username} error={errors.username} onChange={(e) => setField('username', e.target.value)} />
          <TextField label={LOGIN.password} name="password" type="password" autoComplete="current-password" value={values.password} error={errors.password} onChange={(e) => setField('password', e.target.value)} />
          <div className="flex items-center justify-between gap-2">
            <CheckboxField label={LOGIN.rememberMe} name="remember_me" checked={values.remember_me} onChange={(e) => setField('remember_me', e.target.checked)} />
            <Link to="/forgot-password" className="text-sm text-indigo-700 hover:underline dark:text-indigo-300">
              {LOGIN.forgot}
            </Link>
          </div>
          <Button type="submit" className="w-full" loading={busy} loadingText={LOGIN.submitting}>
            {LOGIN.submit}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
          {LOGIN.noAccount}{' '}
          <Link to="/register" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            {LOGIN.registerLink}
          </Link>
        </p>
      </Card>
    </div>
  );
}
