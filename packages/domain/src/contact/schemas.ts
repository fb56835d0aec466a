import { z } from 'zod';
import { EMAIL_PATTERN } from '../text/email.js';

export const CONTACT_SUBJECTS = ['general', 'support', 'sales', 'billing', 'other'] as const;

/** §5 Contact form messages, word for word. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Adınızı girmeniz gerekiyor',
  nameMax: 'Adınız en fazla 100 karakter olabilir',
  emailRequired: 'E-posta adresinizi girmeniz gerekiyor',
  emailInvalid: 'Geçerli bir e-posta adresi giriniz',
  subjectRequired: 'Konu seçmeniz gerekiyor',
  messageRequired: 'Mesajınızı yazmanız gerekiyor',
  messageMin: 'Mesajınız en az 10 karakter olmalıdır',
  messageMax: 'Mesajınız en fazla 5000 karakter olabilir',
  privacyRequired: 'Gizlilik politikasını kabul etmeniz gerekiyor',
  sent: 'Mesajınız başarıyla gönderildi. En kısa sürede size geri dönüş yapacağız.',
} as const;
const M = CONTACT_MESSAGES;

/** POST /api/v1/contact (§3 Contact message). */
export const ContactMessageSchema = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, { error: M.nameRequired }).max(100, { error: M.nameMax }),
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, { error: M.emailRequired })
    .max(254, { error: M.emailInvalid })
    .regex(EMAIL_PATTERN, { error: M.emailInvalid }),
  subject: z.enum(CONTACT_SUBJECTS, { error: M.subjectRequired }),
  message: z
    .string({ error: M.messageRequired })
    .trim()
    .min(1, { error: M.messageRequired })
    .min(10, { error: M.messageMin })
    .max(5000, { error: M.messageMax }),
  privacy: z.literal(true, { error: M.privacyRequired }),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
