import { startSmtpTestServer, type SmtpTestServer } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailerEnvSchema, mailerConfigFromEnv } from './mailer-config.js';
import { createMailer, MailerNotConfiguredError } from './mailer.js';

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(() => smtp.close());

describe('mailer', () => {
  it('sends a Turkish message over SMTP to a real server, from SMTP_URL', async () => {
    const mailer = createMailer(mailerConfigFromEnv(MailerEnvSchema.parse({ SMTP_URL: smtp.url, SMTP_FROM: 'Seyir <bildirim@seyir.test>' })));
    try {
      await mailer.send({ to: 'ayşe@example.com', subject: 'Şifre sıfırlama isteği', text: 'Bağlantı: https://seyir.test/sifre?token=çğıöşü', html: '<p>Bağlantı</p>' });
      const mail = await smtp.waitFor((m) => m.to.includes('ayşe@example.com'));
      expect(mail.from).toBe('bildirim@seyir.test');
      expect(mail.subject).toBe('Şifre sıfırlama isteği');
      expect(mail.decoded).toContain('https://seyir.test/sifre?token=çğıöşü');
    } finally {
      mailer.close();
    }
  });

  it('reads the SMTP_HOST group too', () => {
    expect(mailerConfigFromEnv(MailerEnvSchema.parse({ SMTP_HOST: 'mail.example.com', SMTP_USER: 'u', SMTP_PASSWORD: 'p' })).transport).toEqual({
      host: 'mail.example.com', port: 587, secure: false, auth: { user: 'u', pass: 'p' },
    });
    expect(mailerConfigFromEnv(MailerEnvSchema.parse({ SMTP_URL: 'smtps://a%40b:p%3Aw@mail.example.com' })).transport).toEqual({
      host: 'mail.example.com', port: 465, secure: true, auth: { user: 'a@b', pass: 'p:w' },
    });
  });

  it('refuses to send when no SMTP server is configured', async () => {
    const mailer = createMailer(mailerConfigFromEnv(MailerEnvSchema.parse({})));
    expect(mailer.enabled).toBe(false);
    await expect(mailer.send({ to: 'a@b.c', subject: 's', text: 't' })).rejects.toBeInstanceOf(MailerNotConfiguredError);
  });

  it('fails the send (for a retry) when the SMTP server is down', async () => {
    const down = await startSmtpTestServer();
    await down.close();
    const mailer = createMailer(mailerConfigFromEnv(MailerEnvSchema.parse({ SMTP_URL: down.url })));
    try {
      await expect(mailer.send({ to: 'a@b.c', subject: 's', text: 't' })).rejects.toThrow();
    } finally {
      mailer.close();
    }
  });
});
