import { AUTH_MESSAGES, RESET_TOKEN_PATTERN, ResetPasswordSchema } from '@seyir/domain';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { Alert, Button, Card, TextField } from '../../components/ui';
import { useZodForm } from '../../lib/useZodForm';
import { usePageTitle } from '../../lib/usePageTitle';
import { RESET_PASSWORD } from '../../messages';
import { errorDetail, errorFields } from '../api/errors';
import { toastSuccess } from '../toasts/toastSlice';
import { useResetPasswordMutation } from './authApi';
import { loggedOut } from './authSlice';

/** The link from the reset e-mail (`/reset-password?token=…`): sets a new password, then goes to /login. */
export default function ResetPasswordPage() {
  usePageTitle(RESET_PASSWORD.title);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { values, errors, setErrors, setField, handleSubmit } = useZodForm(ResetPasswordSchema, { token, newPassword: '', passwordConfirm: '' });
  const tokenLooksRight = RESET_TOKEN_PATTERN.test(token);

  const onSubmit = handleSubmit(async (data) => {
    setFailure(null);
    try {
      await reset({ ...data, token }).unwrap();
      // every session ended on the server: drop ours too
      dispatch(loggedOut());
      dispatch(toastSuccess(AUTH_MESSAGES.resetDone));
      navigate('/login', { replace: true });
    } catch (error) {
      setErrors(errorFields(error));
      setFailure(errorDetail(error) ?? RESET_PASSWORD.failed);
    }
  });

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{RESET_PASSWORD.title}</h1>
        {!tokenLooksRight ? (
          <Alert tone="error" className="mt-4">
            {RESET_PASSWORD.missingToken}
          </Alert>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{RESET_PASSWORD.intro}</p>
            {failure && (
              <Alert tone="error" className="mt-4">
                {failure}
              </Alert>
            )}
            <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
              <TextField label={RESET_PASSWORD.newPassword} name="newPassword" type="password" autoComplete="new-password" value={values.newPassword} error={errors.newPassword} onChange={(e) => setField('newPassword', e.target.value)} />
              <TextField label={RESET_PASSWORD.passwordConfirm} name="passwordConfirm" type="password" autoComplete="new-password" value={values.passwordConfirm} error={errors.passwordConfirm} onChange={(e) => setField('passwordConfirm', e.target.value)} />
              <Button type="submit" className="w-full" loading={isLoading} loadingText={RESET_PASSWORD.submitting}>
                {RESET_PASSWORD.submit}
              </Button>
            </form>
          </>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/forgot-password" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            {RESET_PASSWORD.requestNew}
          </Link>
        </p>
      </Card>
    </div>
  );
}
