import { ForgotPasswordSchema } from '@seyir/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, TextField } from '../../components/ui';
import { useZodForm } from '../../lib/useZodForm';
import { usePageTitle } from '../../lib/usePageTitle';
import { FORGOT_PASSWORD } from '../../messages';
import { errorDetail, errorFields } from '../api/errors';
import { useForgotPasswordMutation } from './authApi';

/** The login page's "Şifremi unuttum": asks for the e-mail; the server answers the same for any address. */
export default function ForgotPasswordPage() {
  usePageTitle(FORGOT_PASSWORD.title);
  const [request, { isLoading }] = useForgotPasswordMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { values, errors, setErrors, setField, handleSubmit } = useZodForm(ForgotPasswordSchema, { email: '' });

  const onSubmit = handleSubmit(async (data) => {
    setFailure(null);
    try {
      const answer = await request(data).unwrap();
      setSent(answer.detail);
    } catch (error) {
      setErrors(errorFields(error));
      setFailure(errorDetail(error) ?? FORGOT_PASSWORD.failed);
    }
  });

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{FORGOT_PASSWORD.title}</h1>
        {sent ? (
          <Alert tone="success" className="mt-4">
            {sent}
          </Alert>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{FORGOT_PASSWORD.intro}</p>
            {failure && (
              <Alert tone="error" className="mt-4">
                {failure}
              </Alert>
            )}
            <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
              <TextField label={FORGOT_PASSWORD.email} name="email" type="email" autoComplete="email" value={values.email} error={errors.email} onChange={(e) => setField('email', e.target.value)} />
              <Button type="submit" className="w-full" loading={isLoading} loadingText={FORGOT_PASSWORD.submitting}>
                {FORGOT_PASSWORD.submit}
              </Button>
            </form>
          </>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            {FORGOT_PASSWORD.backToLogin}
          </Link>
        </p>
      </Card>
    </div>
  );
}
