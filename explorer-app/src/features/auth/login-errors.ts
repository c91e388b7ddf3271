/** explorer-and-visitor.md section 8: which login rejection opens which dialog. */
export function classifyLoginError(message: string): 'invalid-credentials' | 'not-verified' | 'other' {
  const text = message.toLowerCase();
  if (
    /invalid credentials|invalid email or password|incorrect password|user not found|wrong password/.test(
      text,
    )
  ) {
    return 'invalid-credentials';
  }
  if (/not verified|verify your email|account not verified/.test(text)) return 'not-verified';
  return 'other';
}

/** Registration: a message of this kind opens 'Username or Email Already Exists!'. */
export function isDuplicateAccountError(message: string): boolean {
  return /already exists|already registered|duplicate|conflict/i.test(message);
}
