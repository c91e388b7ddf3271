/**
 * Facts both SPAs need from the contract, read from the code generated out of openapi.yaml (`npm run
 * openapi:gen`), so changing the contract changes them: the values of its enums and the bounds of the fields
 * the forms edit. Game rules that the contract does not state are in rules.ts.
 */
import { operationParameterLimits, parameterLimits, schemaLimits } from './limits.gen.ts';
import {
  actionTypeValues,
  badgeTierValues,
  categoryFilterValues,
  categoryValues,
  type components,
  contactSubjectValues,
  difficultyValues,
  feedbackCategoryValues,
  languageValues,
  proofFlagFilterValues,
  questSortByValues,
  questStatusFilterValues,
  reportResolutionValues,
  reportTypeValues,
  roleFilterValues,
  timeframeValues,
  userStatusFilterValues,
} from './schema.gen.ts';

type Schemas = components['schemas'];

export type Category = Schemas['Category'];
export type CategoryFilter = Schemas['CategoryFilter'];
export type Difficulty = Schemas['Difficulty'];
export type QuestSortBy = Schemas['QuestSortBy'];
export type QuestStatusFilter = Schemas['QuestStatusFilter'];
export type RoleFilter = Schemas['RoleFilter'];
export type UserStatusFilter = Schemas['UserStatusFilter'];
export type ProofFlag = Schemas['ProofFlag'];
export type ProofFlagFilter = Schemas['ProofFlagFilter'];
export type Language = Schemas['Language'];
export type BadgeTier = Schemas['BadgeTier'];
export type ReportType = Schemas['ReportType'];
export type ReportResolution = Schemas['ReportResolution'];
export type Timeframe = Schemas['Timeframe'];
export type ContactSubject = Schemas['ContactSubject'];
export type FeedbackCategory = Schemas['FeedbackCategory'];
export type ActionType = Schemas['ActionType'];

// Enum values, in the contract's order. Filters are `all` followed by the values.
export const CATEGORIES: readonly Category[] = categoryValues;
export const CATEGORY_FILTERS: readonly CategoryFilter[] = categoryFilterValues;
export const DIFFICULTIES: readonly Difficulty[] = difficultyValues;
/** The orders of GET /quests (`sortBy`); the first, `newest`, is its default. */
export const QUEST_SORTS: readonly QuestSortBy[] = questSortByValues;
export const QUEST_STATUS_FILTERS: readonly QuestStatusFilter[] = questStatusFilterValues;
export const ROLE_FILTERS: readonly RoleFilter[] = roleFilterValues;
export const USER_STATUS_FILTERS: readonly UserStatusFilter[] = userStatusFilterValues;
export const PROOF_FLAG_FILTERS: readonly ProofFlagFilter[] = proofFlagFilterValues;
export const LANGUAGES: readonly Language[] = languageValues;
export const BADGE_TIERS: readonly BadgeTier[] = badgeTierValues;
export const REPORT_TYPES: readonly ReportType[] = reportTypeValues;
export const REPORT_RESOLUTIONS: readonly ReportResolution[] = reportResolutionValues;
export const TIMEFRAMES: readonly Timeframe[] = timeframeValues;
export const CONTACT_SUBJECTS: readonly ContactSubject[] = contactSubjectValues;
export const FEEDBACK_CATEGORIES: readonly FeedbackCategory[] = feedbackCategoryValues;
export const ACTION_TYPES: readonly ActionType[] = actionTypeValues;

const { properties: create } = schemaLimits.CreateQuestRequest;
const { properties: update } = schemaLimits.UpdateQuestRequest;
const { properties: editable } = schemaLimits.QuestEditableFields;
/** The bounds of the quest's own fields (QuestEditableFields), by contract name: the forms' shared model reads them. */
export const QUEST_FIELD_LIMITS = editable;
/** The quest's own fields a form may not send blank (QuestFieldsNotBlank). */
export const QUEST_FIELDS_NOT_BLANK = schemaLimits.QuestFieldsNotBlank.properties;

/** The `maxLength` of each field that has one, by field name. */
type MaxLengths<T> = {
  [K in keyof T as T[K] extends { maxLength: number } ? K : never]: T[K] extends { maxLength: infer N }
    ? N
    : never;
};
const maxLengthsOf = <T extends Record<string, object>>(fields: T) =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([name, limits]) =>
      'maxLength' in limits ? [[name, limits.maxLength]] : [],
    ),
  ) as MaxLengths<T>;

/**
 * The quest forms (POST /quests/create-quest, PUT /quests/{id}, PUT /admin/quests/{id}): the most each
 * field takes, in characters for text, items for lists and bytes for `photoBytes`. Required text fields
 * also need one non-blank character (docs/product-rules/quests.md#field-limits). The quest's own fields
 * (QuestEditableFields) come with their contract names, so a new one is here without an edit.
 */
export const QUEST_LIMITS = {
  ...maxLengthsOf(editable),
  state: update.state.maxLength,
  estimatedTime: update.estimatedTime.maxLength,
  tasks: update.tasks.maxItems,
  taskDescription: schemaLimits.TaskForm.properties.description.maxLength,
  hint: schemaLimits.TaskForm.properties.hint.maxLength,
  tips: update.tips.maxItems,
  tip: schemaLimits.TipForm.properties.tip_text.maxLength,
  tags: update.tags.maxItems,
  tag: update.tags.items.maxLength,
  waypoints: update.waypoints.maxItems,
  placeName: schemaLimits.WaypointInput.properties.name.maxLength,
  waypointAddress: schemaLimits.WaypointInput.properties.address.maxLength,
  photos: create.photos.maxItems,
  photoBytes: create.photos.items.maxBytes,
  /** The creator's xp suggestion (the server clamps it, see rules.ts QUEST_BASE_XP). */
  xpSuggestion: create.xp.maximum,
} as const;

/** A pincode: digits only, at most 10 (the contract's `pincode` pattern, docs/product-rules/quests.md#field-limits). */
export const PINCODE_PATTERN = new RegExp(editable.pincode.pattern);
/** The most digits a pincode has, read from its pattern's `{1,N}`. */
export const PINCODE_DIGITS = Number(/\{1,(\d+)\}/.exec(editable.pincode.pattern)?.[1]);

/** Sign-up, account details and pictures. */
export const PROFILE_LIMITS = {
  usernameMin: schemaLimits.RegisterRequest.properties.username.minLength,
  username: schemaLimits.RegisterRequest.properties.username.maxLength,
  fullName: schemaLimits.AccountDetailsRequest.properties.fullName.maxLength,
  bio: schemaLimits.AccountDetailsRequest.properties.bio.maxLength,
  email: schemaLimits.Email.maxLength,
  avatarBytes: schemaLimits.AvatarUploadRequest.properties.avatar.maxBytes,
  coverImageBytes: schemaLimits.CoverImageUploadRequest.properties.coverImage.maxBytes,
} as const;

/** A new password (sign-up, reset, change) and the reset code typed from the mail. */
export const PASSWORD_LIMITS = {
  min: schemaLimits.Password.minLength,
  max: schemaLimits.Password.maxLength,
  resetCode: schemaLimits.ResetPasswordRequest.properties.resetCode.maxLength,
} as const;

/** Two-factor sign-in: the code field (authenticator or recovery code) and how many recovery codes are issued. */
export const TWO_FACTOR_LIMITS = {
  code: schemaLimits.TwoFactorCode.maxLength,
  recoveryCodes: schemaLimits.RecoveryCodes.properties.recoveryCodes.maxItems,
} as const;

/** A review's comment (POST /quest-reviews/{questId}). */
export const REVIEW_COMMENT_MAX = schemaLimits.ReviewRequest.properties.comment.maxLength;

/** A proof as the explorer sends it: the upload page's description and photo, the task proof's photos. */
export const PROOF_LIMITS = {
  description: schemaLimits.QuestProofUploadRequest.properties.description.maxLength,
  photoBytes: schemaLimits.QuestProofUploadRequest.properties.file.maxBytes,
  photos: schemaLimits.TaskProofUploadRequest.properties.proofImages.maxItems,
  notes: schemaLimits.ProgressNotesRequest.properties.notes.maxLength,
} as const;

/**
 * The proof queue's review rules: a claim lasts `claimMinutes`, a photo farther than `farFromStopMeters` from its
 * task's stop is flagged, and one bulk approval takes at most `bulkApprove` proofs.
 */
export const PROOF_REVIEW = {
  claimMinutes: 5,
  farFromStopMeters: 500,
  bulkApprove: schemaLimits.BulkApproveProofsRequest.properties.proofs.maxItems,
  /** The largest position accuracy, in metres, a live position may report. */
  maxPositionAccuracy: schemaLimits.LivePositionRequest.properties.accuracy.maximum,
} as const;

/** The live event stream (GET /events) sends a comment line every `heartbeatSeconds` to keep proxies open. */
export const LIVE_EVENTS = {
  heartbeatSeconds: 20,
} as const;

/** What moderators write: reasons and feedback of the admin console's dialogs. */
export const MODERATION_LIMITS = {
  rejectReason: schemaLimits.RejectQuestRequest.properties.reason.maxLength,
  approveFeedback: schemaLimits.ApproveQuestRequest.properties.feedback.maxLength,
  suspendReason: schemaLimits.SuspendUserRequest.properties.reason.maxLength,
  proofFeedback: schemaLimits.VerifyProgressTaskRequest.properties.feedback.maxLength,
  awardReason: schemaLimits.AwardBadgeRequest.properties.reason.maxLength,
  resolveReason: schemaLimits.ResolveReportRequest.properties.reason.maxLength,
  twoFactorResetReasonMin: schemaLimits.ResetTwoFactorRequest.properties.reason.minLength,
  twoFactorResetReason: schemaLimits.ResetTwoFactorRequest.properties.reason.maxLength,
} as const;

/** The admin console's form that creates a badge. */
export const BADGE_LIMITS = {
  name: schemaLimits.CreateBadgeRequest.properties.name.maxLength,
  description: schemaLimits.CreateBadgeRequest.properties.description.maxLength,
  xpMin: schemaLimits.CreateBadgeRequest.properties.xpRequired.minimum,
  xpMax: schemaLimits.CreateBadgeRequest.properties.xpRequired.maximum,
  imageBytes: schemaLimits.CreateBadgeRequest.properties.image.maxBytes,
} as const;

/** The contact, bug report and feedback forms, and messages of a support conversation. */
export const SUPPORT_LIMITS = {
  contactName: schemaLimits.ContactRequest.properties.name.maxLength,
  contactMessageMin: schemaLimits.ContactRequest.properties.message.minLength,
  contactMessage: schemaLimits.ContactRequest.properties.message.maxLength,
  bugSubject: schemaLimits.BugReportRequest.properties.subject.maxLength,
  bugText: schemaLimits.BugReportRequest.properties.description.maxLength,
  attachments: schemaLimits.BugReportRequest.properties.attachments.maxItems,
  attachmentBytes: schemaLimits.BugReportRequest.properties.attachments.items.maxBytes,
  feedbackComments: schemaLimits.FeedbackRequest.properties.comments.maxLength,
  supportMessage: schemaLimits.SupportMessageRequest.properties.text.maxLength,
} as const;

/** Search boxes and text filters: list searches, the explorer search (by username), the place search, a city. */
export const SEARCH_LIMITS = {
  text: parameterLimits.SearchQuery.maxLength,
  city: parameterLimits.LeaderboardCity.maxLength,
  username: operationParameterLimits.searchUsers.username.maxLength,
  placeMin: operationParameterLimits.searchPlaces.q.minLength,
  place: operationParameterLimits.searchPlaces.q.maxLength,
} as const;

/** The largest `limit` a list accepts. */
export const PAGE_SIZE_MAX = parameterLimits.Limit10.maximum;

/**
 * How many quests one explorer can have ongoing (docs/product-rules/quests.md#ongoing-limit), as the
 * dashboard's `stats.ongoingLimit` states it.
 */
export const ONGOING_QUEST_LIMIT = schemaLimits.DashboardStats.properties.ongoingLimit.const;

/** Admins and super admins act as admins everywhere (docs/product-rules/admin-screens.md). */
export const isAdminRole = (role: Schemas['Role'] | null | undefined) =>
  role === 'admin' || role === 'super_admin';

/**
 * The names of the 30 category badges, five per category in tier order (Common to Legendary): the server's
 * catalogue numbers and seeds them, and the apps' test data shows them as GET /badges answers them.
 */
type TierNames = readonly [string, string, string, string, string];
export const CATEGORY_BADGE_NAMES: Readonly<Record<Category, TierNames>> = {
  Art: ['Sketch Seeker', 'Mural Hunter', 'Gallery Guide', 'Art Connoisseur', 'Master of the Arts'],
  Food: ['Street Snacker', 'Spice Trailer', 'Flavour Finder', 'Culinary Curator', 'Legend of the Feast'],
  History: [
    'Time Traveller',
    'Heritage Walker',
    'Chronicle Keeper',
    'Monument Scholar',
    'Keeper of the Ages',
  ],
  Culture: [
    'Culture Curious',
    'Festival Friend',
    'Tradition Tracker',
    'Culture Ambassador',
    'Soul of the City',
  ],
  Adventure: ['Trail Starter', 'Path Pioneer', 'Summit Seeker', 'Daredevil Explorer', 'Legendary Adventurer'],
  HiddenGems: ['Alley Scout', 'Secret Spotter', 'Gem Hunter', 'Hidden Treasure Keeper', 'Master of Secrets'],
};

/**
 * A new account's settings (GET /users/settings before any change), and what a stored account lacking a newer
 * setting reads (docs/product-rules/social.md#notification-preferences).
 */
export const DEFAULT_USER_SETTINGS: Readonly<Schemas['UserSettings']> = {
  appPreferences: { language: 'en', theme: 'light' },
  privacy: { profileVisibility: 'public', dataSharing: false, shareLivePosition: false },
  security: { twoFactorAuth: false },
  notifications: {
    email: true,
    friendRequests: { inApp: true, email: true },
    questModeration: { inApp: true, email: true },
    proofDecisions: { inApp: true, email: true },
    badgesAndLevels: { inApp: true, email: false },
  },
};
