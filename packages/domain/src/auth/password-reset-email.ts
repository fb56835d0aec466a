import { AUTH_MESSAGES } from './messages.js';

/** How long a reset link works. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The Turkish reset e-mail (text and HTML) with the one-hour, single-use link. */
export function passwordResetEmail(input: { username: string; link: string }): { subject: string; text: string; html: string } {
  const text = [
    `Merhaba ${input.username},`,
    '',
    'Seyir hesabınız için şifre sıfırlama isteği aldık. Yeni şifrenizi belirlemek için bu bağlantıyı açın:',
    '',
    input.link,
    '',
    'Bağlantı 1 saat geçerlidir ve yalnızca bir kez kullanılabilir. Şifreniz değiştiğinde açık oturumlarınızın hepsi kapanır.',
    'Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz; şifreniz değişmez.',
    '',
    'Seyir',
  ].join('\n');
  const html = `<p>Merhaba ${escapeHtml(input.username)},</p>
<p>Seyir hesabınız için şifre sıfırlama isteği aldık. Yeni şifrenizi belirlemek için aşağıdaki bağlantıyı açın:</p>
<p><a href="${escapeHtml(input.link)}">Şifremi sıfırla</a></p>
<p>Bağlantı 1 saat geçerlidir ve yalnızca bir kez kullanılabilir. Şifreniz değiştiğinde açık oturumlarınızın hepsi kapanır.</p>
<p>Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz; şifreniz değişmez.</p>
<p>Seyir</p>`;
  return { subject: AUTH_MESSAGES.resetMailSubject, text, html };
}
