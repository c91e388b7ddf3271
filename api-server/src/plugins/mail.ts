import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailTransport } from '../config.ts';
import type { Db } from '../db/client.ts';
import { devOutbox } from '../db/platform.tables.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, such as List-Unsubscribe; only SMTP carries them. */
  headers?: Record<string, string>;
};
/** A transport: it sends one mail now. */
export type MailSender = { send(mail: Mail): Promise<void>; kind: MailTransport };

/** The app's mailer: a transport, and sends that happen after the answer. */
export type Mailer = MailSender & {
  /**
   * Sends after the request has answered, logging a failure: a route that mails only for accounts that exist
   * (codes, sign-up) then answers as fast for an unknown email as for a known one
   * (docs/product-rules/accounts-and-security.md#sign-up).
   */
  sendLater(mail: Mail): void;
  /** Resolves once every mail handed to sendLater so far has been tried. */
  idle(): Promise<void>;
};

export function withLaterSends(sender: MailSender, log: Pick<FastifyBaseLogger, 'warn'>): Mailer {
  const pending = new Set<Promise<void>>();
  return {
    kind: sender.kind,
    send: (mail) => sender.send(mail),
    sendLater(mail) {
      const sending: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => sender.send(mail))
        .catch((error: unknown) =>
          log.warn({ err: error, subject: mail.subject }, 'a mail could not be sent'),
        )
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}

/**
 * The transport config.ts chose. Neither the outbox nor the log transport logs a mail's text: it carries
 * verification and password-reset codes, and logs travel further than the database.
 */
export function createMailer(options: {
  transport: MailTransport;
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): MailSender {
  if (options.transport === 'smtp') {
    if (!options.smtpUrl) throw new Error('the smtp mail transport needs SMTP_URL');
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  if (options.transport === 'log') {
    return {
      kind: 'log',
      async send(mail) {
        options.log.warn(
          { to: mail.to, subject: mail.subject },
          'mail not delivered: MAIL_TRANSPORT=log records only its recipient and subject',
        );
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await options.db.insert(devOutbox).values(mail);
      options.log.info(
        { to: mail.to, subject: mail.subject },
        'mail kept in the dev outbox (GET /api/v1/dev/outbox)',
      );
    },
  };
}
