import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { devOutbox } from '../db/schema.ts';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void>; kind: 'smtp' | 'outbox' };

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await options.db.insert(devOutbox).values(mail);
      options.log.info({ to: mail.to, subject: mail.subject }, `mail kept in the dev outbox:\n${mail.text}`);
    },
  };
}
