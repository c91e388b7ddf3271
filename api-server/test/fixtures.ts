import { join } from 'node:path';
import sharp from 'sharp';
import type { TestApp } from './helper.ts';

export type Part =
  | { name: string; value: string }
  | { name: string; file: Buffer; filename: string; type: string };

/** A multipart body built by the platform's own FormData, as a browser would send it. */
export async function multipart(
  parts: Part[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if ('file' in part)
      form.append(part.name, new Blob([new Uint8Array(part.file)], { type: part.type }), part.filename);
    else form.append(part.name, part.value);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/**
 * Where the local folder keeps the file an answer's address names: a public address (under the default public
 * files address, the API's /uploads/) or a signed private one, read up to its /uploads/ path; a stored path
 * (`/uploads/<kind>/<name>`, as rows hold it) reads the same.
 */
export function storedFileOf(t: Pick<TestApp, 'config'>, address: string): string {
  const { pathname } = new URL(address, 'http://stored.invalid');
  return join(t.config.storageDir, pathname.replace(/^\/uploads\//, ''));
}

/** A JPEG carrying EXIF (camera, artist and orientation), to prove stored images lose their metadata. */
export function jpegWithExif(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Photographer', Make: 'PhoneCam', Model: 'X1' } })
    .toBuffer();
}

export function png(width = 32, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#1c7ed6' } })
    .png()
    .toBuffer();
}

let counter = 0;

export type NewUser = { username: string; email: string; fullName: string; password: string };

export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `user_${id}`,
    email: `user_${id}@example.com`,
    fullName: 'Test Explorer',
    password: 'correct-horse-battery',
    ...overrides,
  };
}

export async function registrationForm(
  user: NewUser,
  extra: Part[] = [],
  options: { withPhotos?: boolean } = {},
) {
  const parts: Part[] = [
    { name: 'username', value: user.username },
    { name: 'fullName', value: user.fullName },
    { name: 'email', value: user.email },
    { name: 'password', value: user.password },
    { name: 'confirmPassword', value: user.password },
  ];
  if (options.withPhotos !== false) {
    parts.push({ name: 'avatar', file: await jpegWithExif(), filename: 'me.jpg', type: 'image/jpeg' });
    parts.push({ name: 'coverImage', file: await png(120, 40), filename: 'cover.png', type: 'image/png' });
  }
  return multipart([...parts, ...extra]);
}

export async function register(t: TestApp, user: NewUser) {
  const form = await registrationForm(user);
  return t.request({ method: 'POST', url: '/api/v1/users/register', ...form });
}

export type SentMail = { to: string; subject: string; text: string };

/** The mails sent to an address, newest first, read from the dev outbox like the e2e tests do. */
export async function mailsTo(t: TestApp, email: string): Promise<SentMail[]> {
  const response = await t.request({
    method: 'GET',
    url: `/api/v1/dev/outbox?to=${encodeURIComponent(email)}`,
  });
  return response.json().data as SentMail[];
}

/** The newest 4-digit (verification) code mailed to an address. */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const [mail] = await mailsTo(t, email);
  const code = mail ? /\b(\d{4})\b/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** The newest password-reset code mailed to an address: 8 characters, read from the mail's code sentence. */
export async function latestResetCode(t: TestApp, email: string): Promise<string> {
  const mail = (await mailsTo(t, email)).find((each) => /reset code/i.test(each.subject));
  const code = mail ? /reset code is (\S+?)\.(\s|$)/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no reset code mailed to ${email}`);
  return code;
}

export type SessionData = {
  user: { _id: string; role: string; avatar: string | null };
  accessToken: string;
  refreshToken: string;
};

export async function registerVerified(t: TestApp, overrides: Partial<NewUser> = {}) {
  const user = newUser(overrides);
  const registered = await register(t, user);
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const verificationCode = await latestCode(t, user.email);
  const verified = await t.request({
    method: 'POST',
    url: '/api/v1/users/verify-email',
    payload: { email: user.email, verificationCode },
  });
  return { ...user, session: verified.json().data as SessionData };
}
