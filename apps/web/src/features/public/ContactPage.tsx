import { CONTACT_SUBJECTS, ContactMessageSchema } from '@seyir/domain';
import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { Alert, Button, Card, CheckboxField, SelectField, TextAreaField, TextField } from '../../components/ui';
import { useZodForm } from '../../lib/useZodForm';
import { CONTACT_MESSAGES } from '../../messages';
import { CONTACT } from '../../messages/marketing';
import { errorDetail, errorFields } from '../api/errors';
import { toastError, toastSuccess } from '../toasts/toastSlice';
import { SocialLinks } from './PublicLayout';
import { useSendContactMessageMutation } from './publicApi';
import { usePageTitle } from '../../lib/usePageTitle';

const EMPTY = { name: '', email: '', subject: '', message: '', privacy: false };

export function ContactForm({ onSent }: { onSent(): void }) {
  const dispatch = useAppDispatch();
  const [send, { isLoading }] = useSendContactMessageMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const { values, errors, setErrors, setField, handleSubmit, reset } = useZodForm(ContactMessageSchema, EMPTY);

  const onSubmit = handleSubmit(async (data) => {
    setFailure(null);
    try {
      await send(data).unwrap();
      reset();
      dispatch(toastSuccess(CONTACT_MESSAGES.sent));
      onSent();
    } catch (error) {
      setErrors(errorFields(error));
      const message = errorDetail(error) ?? CONTACT.failed;
      setFailure(message);
      dispatch(toastError(message));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {CONTACT.formTitle}
      </h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={CONTACT.name} name="name" autoComplete="name" value={values.name} error={errors.name} onChange={(e) => setField('name', e.target.value)} />
        <TextField label={CONTACT.email} name="email" type="email" autoComplete="email" value={values.email} error={errors.email} onChange={(e) => setField('email', e.target.value)} />
      </div>
      <SelectField label={CONTACT.subject} name="subject" value={values.subject} error={errors.subject} onChange={(e) => setField('subject', e.target.value)}>
        <option value="">{CONTACT.subjectPlaceholder}</option>
        {CONTACT_SUBJECTS.map((s) => (
          <option key={s} value={s}>
            {CONTACT.subjects[s]}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={CONTACT.message} name="message" rows={5} value={values.message} error={errors.message} onChange={(e) => setField('message', e.target.value)} />
      <CheckboxField label={CONTACT.privacy} name="privacy" checked={values.privacy} error={errors.privacy} onChange={(e) => setField('privacy', e.target.checked)} />
      <Button type="submit" loading={isLoading} loadingText={CONTACT.submitting}>
        {CONTACT.submit}
      </Button>
    </form>
  );
}

export default function ContactPage() {
  usePageTitle(CONTACT.title);
  const [sent, setSent] = useState(false);
  const blocks = [
    { title: CONTACT.emailTitle, value: <a className="underline" href={`mailto:${CONTACT.emailValue}`}>{CONTACT.emailValue}</a> },
    { title: CONTACT.discordTitle, value: <a className="underline" href="#">{CONTACT.discordValue}</a> },
    { title: CONTACT.phoneTitle, value: CONTACT.phoneValue },
    { title: CONTACT.addressTitle, value: CONTACT.addressValue },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{CONTACT.title}</h1>
      <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-300">{CONTACT.intro}</p>
      <div className="mt-10 grid gap-8 lg:grid-cols-5">
        <div className="space-y-4 lg:col-span-2">
          {blocks.map((b) => (
            <Card key={b.title}>
              <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{b.title}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{b.value}</p>
            </Card>
          ))}
          <Card>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{CONTACT.socialTitle}</h2>
            <SocialLinks className="mt-2" />
          </Card>
          <iframe
            title={CONTACT.mapTitle}
            className="h-56 w-full rounded-lg border border-slate-200 dark:border-slate-700"
            loading="lazy"
            referrerPolicy="no-referrer"
            src="https://www.openstreetmap.org/export/embed.html?bbox=29.00%2C41.10%2C29.03%2C41.12&amp;layer=mapnik"
          />
        </div>
        <Card className="lg:col-span-3">
          {sent ? (
            <div className="py-8 text-center" role="status">
              <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{CONTACT.thanksTitle}</h2>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{CONTACT_MESSAGES.sent}</p>
              <Button className="mt-6" onClick={() => setSent(false)}>
                {CONTACT.newMessage}
              </Button>
            </div>
          ) : (
            <ContactForm onSent={() => setSent(true)} />
          )}
        </Card>
      </div>
    </div>
  );
}
