import { DEFAULT_USER_SETTINGS, type Schema } from '@cityquest/contract';
import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Column helpers and column types that several domains' tables share. The enums are the contract's: the columns
 * are text typed with them (no pgEnum), so openapi.yaml is their one source.
 */
export type Category = Schema<'Category'>;
export type Difficulty = Schema<'Difficulty'>;
export type CategoryXP = Record<Category, number>;

export const emptyCategoryXP: CategoryXP = {
  Art: 0,
  Food: 0,
  History: 0,
  Culture: 0,
  Adventure: 0,
  HiddenGems: 0,
};

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A near copy found when a proof arrived (photo-matching finds it, progress keeps it in a proof's evidence); ids
 * and the storage path, resolved and signed when shown.
 */
export type StoredPhotoMatch = {
  kind: Schema<'PhotoMatch'>['kind'];
  photoIndex: number;
  distance: number;
  imagePath: string;
  questId: string;
  taskOrder: number | null;
  userId: string | null;
  progressId: string | null;
};

/** The shape of users.settings and its default (the users domain reads it through withDefaultSettings). */
export type UserSettings = {
  appPreferences: { language: Schema<'Language'>; theme: Schema<'Theme'> };
  privacy: { profileVisibility: 'public' | 'private'; dataSharing: boolean; shareLivePosition: boolean };
  security: { twoFactorAuth: boolean };
  notifications: Schema<'NotificationSettings'>;
};

/** The contract's defaults, so the apps' test data and the server cannot drift apart. */
export const defaultSettings: UserSettings = DEFAULT_USER_SETTINGS;
