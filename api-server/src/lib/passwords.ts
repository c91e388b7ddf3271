import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { translations as englishTranslations } from '@zxcvbn-ts/language-en';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
// 2 is Algorithm.Argon2id, an ambient const enum that verbatimModuleSyntax cannot import.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A well-formed hash with the parameters of every stored one, whose bytes no password produces: checking against
 * it costs what a real check costs.
 */
export const NO_ACCOUNT_HASH = `$argon2id$v=19$m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}$BwcHBwcHBwcHBwcHBwcHBw$CQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQk`;

/** Spends the same time as a real check when there is no account, so timing does not reveal which exist. */
export async function burnPasswordCheck(password: string): Promise<false> {
  await verifyPassword(NO_ACCOUNT_HASH, password);
  return false;
}

// Sign-up, password change and reset refuse guessable passwords (docs/ops/security.md#passwords). The estimator and its
// dictionaries are built once: ranking the common-password lists is the costly part.
const strength = new ZxcvbnFactory({
  dictionary: commonDictionary,
  graphs: adjacencyGraphs,
  translations: englishTranslations,
});

/** zxcvbn scores 0 (too guessable) to 4; 0 and 1 fall to an online attack or a quick offline one. */
export const MIN_PASSWORD_SCORE = 2;
/** A username or email name shorter than this is too common a fragment to forbid inside a password. */
const MIN_PERSONAL_PART = 3;

export const PASSWORD_HAS_USERNAME = 'Password must not contain your username';
export const PASSWORD_HAS_EMAIL = 'Password must not contain your email address or the name before its @';
export const PASSWORD_TOO_GUESSABLE = 'This password is too easy to guess.';

export type PasswordOwner = {
  username?: string | undefined;
  fullName?: string | undefined;
  email?: string | undefined;
};

/**
 * Why a new password is refused, or null when it may be used: it contains the owner's username or the name part
 * of their email (ignoring case), or zxcvbn, told the owner's names, scores it below MIN_PASSWORD_SCORE. The
 * message names what zxcvbn found and how to do better.
 */
export function passwordProblem(password: string, owner: PasswordOwner): string | null {
  const lower = password.toLowerCase();
  const username = owner.username?.trim().toLowerCase() ?? '';
  const email = owner.email?.trim().toLowerCase() ?? '';
  const emailName = email.split('@')[0] ?? '';
  if (username.length >= MIN_PERSONAL_PART && lower.includes(username)) return PASSWORD_HAS_USERNAME;
  if (emailName.length >= MIN_PERSONAL_PART && lower.includes(emailName)) return PASSWORD_HAS_EMAIL;
  const names = (owner.fullName ?? '').split(/\s+/).filter((word) => word.length >= MIN_PERSONAL_PART);
  const inputs = [username, email, emailName, ...names].filter(Boolean);
  const result = strength.check(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  return [PASSWORD_TOO_GUESSABLE, warning, ...suggestions].filter(Boolean).join(' ');
}
