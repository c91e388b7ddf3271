import { DEFAULT_USER_SETTINGS } from '../contract-facts.ts';
import type { User } from '../index.ts';

export function aUser(overrides: Partial<User> = {}): User {
  return {
    _id: '7a1f7c1e-3c1b-4e57-9f57-0f7c1b1b2d11',
    username: 'asha',
    fullName: 'Asha Verma',
    email: 'asha@example.com',
    bio: '',
    avatar: null,
    coverImage: null,
    role: 'user',
    accountVerified: true,
    suspensionReason: null,
    isEmailVerified: true,
    xp: 620,
    level: 2,
    currentXP: 120,
    nextLevelXP: 500,
    rank: 'Novice Explorer',
    settings: structuredClone(DEFAULT_USER_SETTINGS),
    lastLogin: null,
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-10-01T10:00:00.000Z',
    ...overrides,
  };
}

export const session = (user: User) => ({ user, accessToken: 'access-1', refreshToken: 'refresh-1' });
