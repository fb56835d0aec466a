import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.js';

/** A message the test SMTP server received, with its body decoded for assertions. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as sent. */
  raw: string;
  /** The raw message with quoted-printable and base64 bodies decoded (for text searches). */
  decoded: string;
  /** The decoded Subject header. */
  subject: string;
}

export interface SmtpTestServer {
  port: number;
  /** `smtp://user:pass@127.0.0.1:port` */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (received already or later) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const unfolded = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes MIME encoded-words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) of a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Decodes each MIME part's body by its Content-Transfer-Encoding (good enough for tests). */
function decodeMessage(raw: string): string {
  return raw.replace(
    /Content-Transfer-Encoding: (quoted-printable|base64)\r?\n((?:[^\r\n]+\r?\n)*)\r?\n([\s\S]*?)(?=\r?\n--|$)/gi,
    (_, enc: string, headers: string, body: string) =>
      `Content-Transfer-Encoding: decoded\n${headers}\n${enc.toLowerCase() === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : decodeQuotedPrintable(body)}`,
  );
}

/**
 * A real SMTP server in the test process (the `smtp-server` package) that accepts any login
 * and keeps every message in memory.
 */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          decoded: decodeMessage(raw),
          subject: decodeHeader(subjectLine.replace(/\r?\n[ \t]/g, ' ')),
        };
        messages.push(mail);
        for (const w of [...waiters]) {
          if (w.match(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    url: `smtp://test:test@127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 15_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching e-mail arrived')), timeoutMs);
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
