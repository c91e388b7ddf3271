import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import type { PasswordOwner, PasswordVerdict } from './use-password-verdict.ts';

// Built once when this chunk loads: ranking the common-password lists is the costly part.
const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** A username or email name shorter than this is too common a fragment to forbid (the server's rule too). */
const MIN_PERSONAL_PART = 3;

export function judgePassword(password: string, owner: PasswordOwner): PasswordVerdict {
  const lower = password.toLowerCase();
  const username = owner.username?.trim().toLowerCase() ?? '';
  const email = owner.email?.trim().toLowerCase() ?? '';
  const emailName = email.split('@')[0] ?? '';
  const contains = (part: string) => part.length >= MIN_PERSONAL_PART && lower.includes(part);
  if (contains(username) || contains(emailName)) return { score: 0, personal: true };
  const names = (owner.fullName ?? '').split(/\s+/).filter((word) => word.length >= MIN_PERSONAL_PART);
  const inputs = [username, email, emailName, ...names].filter(Boolean);
  return { score: estimator.check(password, inputs).score, personal: false };
}
