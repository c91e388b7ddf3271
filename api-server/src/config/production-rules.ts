import ipaddr from 'ipaddr.js';
import type { MailTransport } from './app-config.ts';
import { ConfigError } from './config-error.ts';
import type { ConfigEnv } from './definition.ts';

/** Rules across variables, which the JSON Schema in definition.ts cannot say. */

/** 127.0.0.0/8, ::1 (IPv4-mapped too) or localhost: an interface only this machine reaches. */
function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase();
  if (name === 'localhost') return true;
  return ipaddr.isValid(name) && ipaddr.process(name).range() === 'loopback';
}

/** Outside DEV_MODE nothing is generated: the deployment gives its own secret. */
export function requireJwtSecret(env: ConfigEnv, devMode: boolean): void {
  if (!devMode && !env.JWT_SECRET)
    throw new ConfigError(
      'JWT_SECRET is required (32 or more random characters, e.g. from `openssl rand -base64 48`); ' +
        'only DEV_MODE=1 generates one in DATA_DIR',
    );
}

/** The demo passwords are public (README, Demo accounts): the demo runs in development on this machine alone. */
export function requireDemoOnlyInDevelopment(seedDemo: boolean, devMode: boolean, host: string): void {
  if (seedDemo && !devMode)
    throw new ConfigError(
      'SEED_DEMO=1 creates demo accounts whose passwords are published in the README, so it needs DEV_MODE=1; ' +
        'unset SEED_DEMO outside development',
    );
  if (seedDemo && !isLoopbackHost(host))
    throw new ConfigError(
      `SEED_DEMO=1 creates demo accounts whose passwords are published in the README, so HOST must be a ` +
        `loopback address (127.0.0.1, ::1 or localhost), got '${host}'; set SEED_DEMO=0 to listen on other ` +
        'interfaces without the demo accounts',
    );
}

export function readSuperAdmin(env: ConfigEnv): { email: string; password: string } | undefined {
  if (Boolean(env.SUPER_ADMIN_EMAIL) !== Boolean(env.SUPER_ADMIN_PASSWORD))
    throw new ConfigError('SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD must be set together');
  return env.SUPER_ADMIN_EMAIL && env.SUPER_ADMIN_PASSWORD
    ? { email: env.SUPER_ADMIN_EMAIL, password: env.SUPER_ADMIN_PASSWORD }
    : undefined;
}

/** SMTP_URL first; without it only DEV_MODE keeps mail in the outbox, and production needs MAIL_TRANSPORT=log. */
export function readMailTransport(env: ConfigEnv, devMode: boolean): MailTransport {
  if (env.SMTP_URL) return 'smtp';
  if (devMode) return 'outbox';
  if (env.MAIL_TRANSPORT === 'log') return 'log';
  throw new ConfigError(
    'SMTP_URL is required to send mail (e.g. smtps://user:password@mail.example.com:465). ' +
      "MAIL_TRANSPORT=log starts without it and only logs each mail's recipient and subject: unsafe, since " +
      'verification and password-reset codes then reach nobody. DEV_MODE=1 keeps mail in the local dev outbox.',
  );
}
