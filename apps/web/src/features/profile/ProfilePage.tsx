import { PasswordChangeSchema, ProfileUpdateSchema } from '@seyir/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Alert, Button, Card, CheckboxField, PageHeader, TextField } from '../../components/ui';
import { useZodForm } from '../../lib/useZodForm';
import { AUTH_MESSAGES, NAV } from '../../messages';
import { PROFILE } from '../../messages/app';
import { errorDetail, errorFields } from '../api/errors';
import { PlanSection } from '../billing/PlanSection';
import { UsagePanel } from '../billing/UsagePanel';
import { useChangePasswordMutation, useDeleteAccountMutation, useUpdateProfileMutation } from '../auth/authApi';
import { loggedOut, selectCurrentUser, tokenReceived, userLoaded } from '../auth/authSlice';
import { logout } from '../auth/session';
import { useGetNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } from '../preferences/preferencesApi';
import { applyTheme, preferencesSaved, selectPreferences, storePreferences, THEMES, type Preferences } from '../preferences/preferencesSlice';
import { toastError, toastSuccess } from '../toasts/toastSlice';

export function ProfileForm() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const [update, { isLoading }] = useUpdateProfileMutation();
  const { values, errors, setErrors, setField, handleSubmit } = useZodForm(ProfileUpdateSchema, {
    username: user?.username ?? '',
    email: user?.email ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
  });
  const onSubmit = handleSubmit(async (data) => {
    try {
      const updated = await update(data).unwrap();
      dispatch(userLoaded(updated));
      dispatch(toastSuccess(AUTH_MESSAGES.profileUpdated));
    } catch (error) {
      setErrors(errorFields(error));
      dispatch(toastError(errorDetail(error) ?? AUTH_MESSAGES.profileUpdateFailed));
    }
  });
  return (
    <Card as="section" aria-labelledby="profile-section">
      <h2 id="profile-section" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
        {PROFILE.profileSection}
      </h2>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={PROFILE.username} name="username" autoComplete="username" value={values.username} error={errors.username} onChange={(e) => setField('username', e.target.value)} />
          <TextField label={PROFILE.email} name="email" type="email" autoComplete="email" value={values.email} error={errors.email} onChange={(e) => setField('email', e.target.value)} />
          <TextField label={PROFILE.firstName} name="first_name" autoComplete="given-name" value={values.first_name} error={errors.first_name} onChange={(e) => setField('first_name', e.target.value)} />
          <TextField label={PROFILE.lastName} name="last_name" autoComplete="family-name" value={values.last_name} error={errors.last_name} onChange={(e) => setField('last_name', e.target.value)} />
        </div>
        <Button type="submit" loading={isLoading}>
          {PROFILE.saveProfile}
        </Button>
      </form>
    </Card>
  );
}

const EMPTY_PASSWORDS = { currentPassword: '', newPassword: '', passwordConfirm: '' };

export function PasswordForm() {
  const dispatch = useAppDispatch();
  const [change, { isLoading }] = useChangePasswordMutation();
  const { values, errors, setErrors, setField, handleSubmit, reset } = useZodForm(PasswordChangeSchema, EMPTY_PASSWORDS);
  const onSubmit = handleSubmit(async (data) => {
    try {
      const answer = await change(data).unwrap();
      if (answer?.access_token) dispatch(tokenReceived(answer.access_token));
      reset();
      dispatch(toastSuccess(AUTH_MESSAGES.passwordChanged));
    } catch (error) {
      setErrors(errorFields(error));
      dispatch(toastError(errorDetail(error) ?? AUTH_MESSAGES.passwordChangeFailed));
    }
  });
  return (
    <Card as="section" aria-labelledby="password-section">
      <h2 id="password-section" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
        {PROFILE.passwordSection}
      </h2>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField label={PROFILE.currentPassword} name="currentPassword" type="password" autoComplete="current-password" value={values.currentPassword} error={errors.currentPassword} onChange={(e) => setField('currentPassword', e.target.value)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={PROFILE.newPassword} name="newPassword" type="password" autoComplete="new-password" value={values.newPassword} error={errors.newPassword} onChange={(e) => setField('newPassword', e.target.value)} />
          <TextField label={PROFILE.passwordConfirm} name="passwordConfirm" type="password" autoComplete="new-password" value={values.passwordConfirm} error={errors.passwordConfirm} onChange={(e) => setField('passwordConfirm', e.target.value)} />
        </div>
        <Button type="submit" loading={isLoading}>
          {PROFILE.changePassword}
        </Button>
      </form>
    </Card>
  );
}

/**
 * Appearance and notification preferences. The theme is kept in the browser; the notification
 * settings are the server's (alerts honour them), read when the form opens and written on save.
 */
export function PreferencesForm() {
  const dispatch = useAppDispatch();
  const saved = useAppSelector(selectPreferences);
  const [prefs, setPrefs] = useState<Preferences>(saved);
  const [slackError, setSlackError] = useState<string | undefined>();
  const { data: server } = useGetNotificationPreferencesQuery();
  const [saveServer] = useUpdateNotificationPreferencesMutation();
  useEffect(() => {
    if (server) setPrefs((p) => ({ ...p, ...server }));
  }, [server]);
  const set = <K extends keyof Preferences>(key: K, value: Preferences[K]) => setPrefs((p) => ({ ...p, [key]: value }));
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSlackError(undefined);
    try {
      const { emailNotifications, slackNotifications, slackWebhookUrl } = prefs;
      await saveServer({ emailNotifications, slackNotifications, slackWebhookUrl }).unwrap();
      storePreferences(prefs);
      dispatch(preferencesSaved(prefs));
      applyTheme(prefs.theme);
      dispatch(toastSuccess(PROFILE.preferencesSaved));
    } catch (error) {
      setSlackError(errorFields(error).slackWebhookUrl);
      dispatch(toastError(PROFILE.preferencesFailed));
    }
  };
  return (
    <Card as="section" aria-labelledby="preferences-section">
      <h2 id="preferences-section" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
        {PROFILE.preferencesSection}
      </h2>
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{PROFILE.theme}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {THEMES.map((t) => (
              <label key={t} className="inline-flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
                <input type="radio" name="theme" value={t} checked={prefs.theme === t} onChange={() => set('theme', t)} className="h-4 w-4 accent-indigo-600" />
                {PROFILE.themes[t]}
              </label>
            ))}
          </div>
        </fieldset>
        <CheckboxField label={PROFILE.emailNotifications} checked={prefs.emailNotifications} onChange={(e) => set('emailNotifications', e.target.checked)} />
        <CheckboxField label={PROFILE.slackNotifications} checked={prefs.slackNotifications} onChange={(e) => set('slackNotifications', e.target.checked)} />
        {prefs.slackNotifications && (
          <TextField label={PROFILE.slackWebhookUrl} type="url" placeholder="https://hooks.slack.com/services/…" value={prefs.slackWebhookUrl} error={slackError} onChange={(e) => set('slackWebhookUrl', e.target.value)} />
        )}
        <Button type="submit">{PROFILE.savePreferences}</Button>
      </form>
    </Card>
  );
}

export function AccountSection() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onLogout = async () => {
    await dispatch(logout());
    navigate('/');
  };
  const onDelete = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setProblem(AUTH_MESSAGES.passwordRequired);
    setProblem(null);
    if (!window.confirm(AUTH_MESSAGES.deleteAccountConfirm)) return;
    try {
      await deleteAccount({ password }).unwrap();
      dispatch(toastSuccess(AUTH_MESSAGES.accountDeleted));
      dispatch(loggedOut());
      navigate('/');
    } catch (error) {
      const message = errorDetail(error) ?? AUTH_MESSAGES.accountDeleteFailed;
      setProblem(message);
      dispatch(toastError(message));
    }
  };
  return (
    <Card as="section" aria-labelledby="account-section">
      <h2 id="account-section" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
        {PROFILE.accountSection}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4 dark:border-slate-700">
        <p className="text-sm text-slate-600 dark:text-slate-400">{PROFILE.logoutText}</p>
        <Button variant="secondary" onClick={() => void onLogout()}>
          {NAV.logout}
        </Button>
      </div>
      <form noValidate onSubmit={(e) => void onDelete(e)} className="mt-4 space-y-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">{PROFILE.deleteText}</p>
        <div className="max-w-sm">
          <TextField label={PROFILE.deletePassword} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        {problem && <Alert tone="error">{problem}</Alert>}
        <Button type="submit" variant="danger" loading={isLoading}>
          {PROFILE.deleteAccount}
        </Button>
      </form>
    </Card>
  );
}

export default function ProfilePage() {
  return (
    <>
      <PageHeader title={PROFILE.title} />
      <div className="grid gap-6 xl:grid-cols-2">
        <ProfileForm />
        <PasswordForm />
        <PreferencesForm />
        <PlanSection />
        <UsagePanel />
        <AccountSection />
      </div>
    </>
  );
}
