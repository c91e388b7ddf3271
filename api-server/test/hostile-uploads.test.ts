import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { count, eq, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tables from '../src/db/schema.ts';
import { listOperations } from '../src/lib/spec.ts';
import { multipart, newUser, type Part, registerVerified } from './fixtures.ts';
import { bearer, createTestApp, type TestApp } from './helper.ts';
import {
  type FilePart,
  type FilePool,
  filePool,
  jpegBomb,
  PDF,
  pngBomb,
  SVG,
  truncatedJpeg,
} from './hostile-files.ts';
import { approvedQuest, call, type Explorer, idOf, questFields, withRole } from './quest-fixtures.ts';
import { fileFields, type JsonSchema, resolve } from './spec-arbitraries.ts';

// Issue 11 item 2: each file field of openapi.yaml sent a wrong type, an oversized file, a decompression bomb or a
// truncated image answers a clear 4xx and stores nothing.
const operations = listOperations();

let t: TestApp;
let admin: Explorer;
const marker = randomUUID().slice(0, 8);
const POOL: FilePool = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await withRole(t, await registerVerified(t), 'admin');
  Object.assign(POOL, await filePool());
});

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------------------
// Uploads: wrong types, oversize, decompression bombs, truncated images

type UploadTarget = {
  operationId: string;
  field: string;
  /** Sends the form with `file` in `field` (after a valid file when the field takes several). */
  send(file: FilePart): Promise<LightMyRequestResponse>;
};

let uploader: Explorer;
let uploaderQuest: string;
let badgeCounter = 0;

const filePart = (name: string, file: FilePart): Part => ({ name, ...file });
const fieldsOf = (values: Record<string, string>): Part[] =>
  Object.entries(values).map(([name, value]) => ({ name, value }));

async function post(url: string, parts: Part[], who?: Explorer) {
  const form = await multipart(parts);
  return t.request({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...(who ? bearer(who.session.accessToken) : {}), ...form.headers },
    payload: form.payload,
  });
}

const UPLOADS: UploadTarget[] = [
  {
    operationId: 'registerUser',
    field: 'avatar',
    send: async (file) => {
      const user = newUser();
      return post('/users/register', [
        ...fieldsOf({ ...user, confirmPassword: user.password }),
        filePart('avatar', file),
        filePart('coverImage', POOL.png as FilePart),
      ]);
    },
  },
  {
    operationId: 'registerUser',
    field: 'coverImage',
    send: async (file) => {
      const user = newUser();
      return post('/users/register', [
        ...fieldsOf({ ...user, confirmPassword: user.password }),
        filePart('avatar', POOL.jpeg as FilePart),
        filePart('coverImage', file),
      ]);
    },
  },
  {
    operationId: 'reportBug',
    field: 'attachments',
    send: (file) =>
      post('/users/report-bug', [
        ...fieldsOf({
          email: 'tester@example.com',
          subject: 'Map is blank',
          description: 'The map does not load.',
          stepsToReproduce: 'Open Explore.',
        }),
        filePart('attachments', POOL.png as FilePart),
        filePart('attachments', file),
      ]),
  },
  {
    operationId: 'updateAvatar',
    field: 'avatar',
    send: (file) => post('/users/update-user-avatar', [filePart('avatar', file)], uploader),
  },
  {
    operationId: 'updateCoverImage',
    field: 'coverImage',
    send: (file) => post('/users/update-user-cover-image', [filePart('coverImage', file)], uploader),
  },
  {
    operationId: 'createQuest',
    field: 'photos',
    send: (file) =>
      post(
        '/quests/create-quest',
        [...fieldsOf(questFields()), filePart('photos', POOL.jpeg as FilePart), filePart('photos', file)],
        uploader,
      ),
  },
  {
    operationId: 'submitQuestProof',
    field: 'file',
    send: (file) =>
      post(
        `/quest-progress/${uploaderQuest}/submit-proof`,
        [...fieldsOf({ description: 'We found every mural.' }), filePart('file', file)],
        uploader,
      ),
  },
  {
    operationId: 'submitTaskProof',
    field: 'proofImages',
    send: (file) =>
      post(
        `/quest-progress/task-proof/${uploaderQuest}/1`,
        [
          ...fieldsOf({ notes: 'Here.' }),
          filePart('proofImages', POOL.png as FilePart),
          filePart('proofImages', file),
        ],
        uploader,
      ),
  },
  {
    // The proof upload page's form on the per-task call.
    operationId: 'submitTaskProof',
    field: 'file',
    send: (file) =>
      post(
        `/quest-progress/task-proof/${uploaderQuest}/1`,
        [...fieldsOf({ questId: uploaderQuest, description: 'Here.' }), filePart('file', file)],
        uploader,
      ),
  },
  {
    operationId: 'createBadge',
    field: 'image',
    send: (file) => {
      badgeCounter += 1;
      return post(
        '/admin/badges',
        [
          ...fieldsOf({
            name: `Hostile badge ${marker} ${badgeCounter}`,
            description: 'Never created.',
            category: 'Art',
            tier: 'Rare',
            xpRequired: '100',
          }),
          filePart('image', file),
        ],
        admin,
      );
    },
  },
];

function maxBytesOf(operationId: string, field: string): number {
  const entry = operations.find(({ operation }) => operation.operationId === operationId);
  const form = resolve(entry?.operation.requestBody?.content['multipart/form-data']?.schema as JsonSchema);
  const property = resolve(form.properties?.[field] ?? {});
  const limit = property['x-max-bytes'] ?? resolve(property.items ?? {})['x-max-bytes'];
  if (!limit) throw new Error(`${operationId}.${field} has no x-max-bytes`);
  return limit;
}

type BadFile = { name: string; status: number; make(target: UploadTarget): Promise<FilePart> };

const BAD_FILES: BadFile[] = [
  {
    name: 'a PDF',
    status: 415,
    make: async () => ({ file: PDF, filename: 'photo.pdf', type: 'application/pdf' }),
  },
  {
    name: 'a text file named .png',
    status: 415,
    make: async () => ({
      file: Buffer.from('not an image at all'),
      filename: 'photo.png',
      type: 'image/png',
    }),
  },
  {
    name: 'an SVG with a script',
    status: 415,
    make: async () => ({ file: SVG, filename: 'photo.svg', type: 'image/svg+xml' }),
  },
  {
    name: 'a file one byte over x-max-bytes',
    status: 413,
    make: async (target) => {
      const file = Buffer.alloc(maxBytesOf(target.operationId, target.field) + 1, 0);
      (POOL.png as FilePart).file.copy(file);
      return { file, filename: 'huge.png', type: 'image/png' };
    },
  },
  {
    name: 'a PNG declaring 30000x30000 pixels',
    status: 413,
    make: async () => ({ file: pngBomb(), filename: 'bomb.png', type: 'image/png' }),
  },
  {
    name: 'a JPEG declaring 30000x30000 pixels',
    status: 413,
    make: async () => ({ file: await jpegBomb(), filename: 'bomb.jpg', type: 'image/jpeg' }),
  },
  {
    name: 'the first half of a JPEG',
    status: 400,
    make: async () => ({ file: await truncatedJpeg(), filename: 'half.jpg', type: 'image/jpeg' }),
  },
];

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(t.config.storageDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath}/${entry.name}`)
    .sort();
}

const TABLES: PgTable[] = Object.values(tables as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await t.database.db.select({ rows: count() }).from(table);
    counts[getTableName(table)] = row?.rows ?? 0;
  }
  return counts;
}

async function uploaderRow() {
  const [row] = await t.database.db
    .select()
    .from(tables.users)
    .where(eq(tables.users.id, idOf(uploader)));
  return row;
}

describe('hostile uploads answer a clear 4xx and store nothing', () => {
  beforeAll(async () => {
    uploader = await registerVerified(t);
    uploaderQuest = await approvedQuest(t, admin);
    await call(t, 'POST', '/quest-progress/start', uploader, { questId: uploaderQuest });
  });

  it('covers every file field of the contract', () => {
    const inSpec = operations.flatMap(({ operation }) => {
      const form = operation.requestBody?.content['multipart/form-data']?.schema as JsonSchema | undefined;
      return form ? fileFields(form).map((field) => `${operation.operationId}.${field}`) : [];
    });
    expect(UPLOADS.map((target) => `${target.operationId}.${target.field}`).sort()).toEqual(inSpec.sort());
  });

  const cases = UPLOADS.flatMap((target) =>
    BAD_FILES.map((bad) => [`${target.operationId}.${target.field}`, bad.name, target, bad] as const),
  );

  it.each(cases)('%s refuses %s', async (_field, _name, target, bad) => {
    const file = await bad.make(target);
    const [filesBefore, rowsBefore, userBefore] = [
      await storedFiles(),
      await rowCounts(),
      await uploaderRow(),
    ];
    const response = await target.send(file);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(bad.status);
    expect(response.json().message).toMatch(/\w{3}/);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await rowCounts()).toEqual(rowsBefore);
    expect(await uploaderRow()).toEqual(userBefore);
  });
});
