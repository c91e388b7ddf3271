import type { Schema } from '@cityquest/contract';

type AdminUser = Schema<'AdminUser'>;

/** An explorer as the admin user list answers them (test data). */
export function anAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    _id: '2b3c4d5e-6f70-4a81-9b2c-3d4e5f6a7b82',
    fullName: 'Ravi Kumar',
    username: 'ravi',
    email: 'ravi@example.com',
    avatar: null,
    bio: 'Foodie from Old Delhi.',
    role: 'user',
    accountVerified: true,
    status: 'active',
    suspensionReason: null,
    isEmailVerified: true,
    twoFactorEnabled: false,
    xp: 1710,
    level: 4,
    questsCompleted: 21,
    questsCreated: 2,
    lastActive: null,
    lastLogin: null,
    createdAt: '2026-09-12T10:00:00.000Z',
    ...overrides,
  };
}
