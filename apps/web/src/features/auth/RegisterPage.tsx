import { RegisterSchema } from '@seyir/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { Alert, Button, Card, CheckboxField, TextField } from '../../components/ui';
import { useZodForm } from '../../lib/useZodForm';
import { AUTH_MESSAGES, COMMON, REGISTER } from '../../messages';
import { errorDetail, errorFields } from '../api/errors';
import { toastError, toastSuccess } from '../toasts/toastSlice';
import { useRegisterMutation } from './authApi';
import { usePageTitle } from '../../lib/usePageTitle';

const EMPTY = { username: '', email: '', first_name: '', last_name: '', password: '', passwordConfirm: '', terms: false };

export default function RegisterPage() {
  usePageTitle(REGISTER.title);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { values, errors, setErrors, setField, handleSubmit } = useZodForm(RegisterSchema, EMPTY);

  const onSubmit = handleSubmit(async (data) => {
    setFailure(null);
    try {
      await register(data).unwrap();
      dispatch(toastSuccess(AUTH_MESSAGES.registerSucceeded));
      navigate('/login');
    } catch (error) {
      setErrors(errorFields(error));
      const message = errorDetail(error) ?? AUTH_MESSAGES.registerFailed;
      setFailure(message);
      dispatch(toastError(message));
    }
  });

  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{REGISTER.title}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{REGISTER.intro}</p>
        {failure && (
          <Alert tone="error" className="mt-4">
            {failure}
          </Alert>
        )}
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
          <TextField label={REGISTER.username} name="username" autoComplete="username" value={values.username} error={errors.username} onChange={(e) => setField('username', e.target.value)} />
          <TextField label={REGISTER.email} name="email" type="email" autoComplete="email" value={values.email} error={errors.email} onChange={(e) => setField('email', e.target.value)} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={`${REGISTER.firstName} ${COMMON.optional}`} name="first_name" autoComplete="given-name" value={values.first_name} error={errors.first_name} onChange={(e) => setField('first_name', e.target.value)} />
            <TextField label={`${REGISTER.lastName} ${COMMON.optional}`} name="last_name" autoComplete="family-name" value={values.last_name} error={errors.last_name} onChange={(e) => setField('last_name', e.target.value)} />
          </div>
          <TextField label={REGISTER.password} name="password" type="password" autoComplete="new-password" value={values.password} error={errors.password} onChange={(e) => setField('password', e.target.value)} />
          <TextField label={REGISTER.passwordConfirm} name="passwordConfirm" type="password" autoComplete="new-password" value={values.passwordConfirm} error={errors.passwordConfirm} onChange={(e) => setField('passwordConfirm', e.target.value)} />
          <CheckboxField label={REGISTER.terms} name="terms" checked={values.terms} error={errors.terms} onChange={(e) => setField('terms', e.target.checked)} />
          <Button type="submit" className="w-full" loading={isLoading} loadingText={REGISTER.submitting}>
            {REGISTER.submit}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
          {REGISTER.haveAccount}{' '}
          <Link to="/login" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            {REGISTER.loginLink}
          </Link>
        </p>
      </Card>
    </div>
  );
}
