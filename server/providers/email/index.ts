import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import { loadMailer } from '../../libraries';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends notification e-mails; a send rejects when the server did not accept the message. */
export interface EmailProvider {
  readonly name: 'console' | 'smtp';
  send(message: EmailMessage): Promise<void>;
}

/**
 * Local development: `[email] to=<address> subject=<subject>` on one line, then the body, straight to stdout (as the
 * console SMS does), so a developer reads what a candidate would receive.
 */
export function consoleEmail(write: (text: string) => void = (text) => process.stdout.write(text)): EmailProvider {
  return {
    name: 'console',
    async send({ to, subject, text }) {
      write(`[email] to=${to} subject=${subject.replace(/\s*[\r\n]+\s*/g, ' ')}\n${text}\n`);
    },
  };
}

/** SMTP through nodemailer: `url` is smtp(s)://user:password@host:port, `from` the sender's address. */
export function smtpEmail(options: { url: string; from: string }): EmailProvider {
  let transport: Promise<Transporter> | undefined;
  return {
    name: 'smtp',
    async send({ to, subject, text }) {
      transport ??= loadMailer().then((mailer) => mailer.createTransport(options.url));
      await (await transport).sendMail({ from: options.from, to, subject, text });
    },
  };
}

export function emailFromConfig(email: Config['email']): EmailProvider {
  return email.provider === 'smtp' ? smtpEmail({ url: email.url, from: email.from }) : consoleEmail();
}
