import { QUEST_LIMITS, type Schema } from '@cityquest/contract';
import type { Point } from '../../lib/distance.ts';
import { badRequest, type FieldError } from '../../lib/http-error.ts';
import type { Waypoint } from './tables/quests.tables.ts';

/** The create form's messages, in the form's order (docs/product-rules/messages.md#create-quest-messages). */
export const QUEST_MESSAGES = {
  photos: 'You must upload at least one quest photo.',
  title: 'Quest title is required.',
  category: 'Quest category is required.',
  difficulty: 'Difficulty level is required.',
  description: 'Quest description is required.',
  address: 'Address is required.',
  city: 'City is required.',
  pincode: 'Pincode is required.',
  startLocation: 'Start location is required.',
  endLocation: 'End location is required.',
  tasks: 'Please add at least one quest task.',
} as const;

export const WAYPOINT_NUMBERS = 'Please enter valid latitude and longitude values';
export const WAYPOINT_RANGES = 'Please enter valid coordinate ranges (Lat: -90 to 90, Lng: -180 to 180)';
export const DEFAULT_WAYPOINT_NAME = 'Custom Location';

/** An itinerary end as stored: a place name with its point beside it (null until looked up, or on old rows). */
export type ItineraryEnd = { name: string; point: Point | null };
export type TaskInput = { description: string; hint: string | null };
type RawTask = string | { description?: unknown; name?: unknown; hint?: unknown; tip?: unknown };
type RawPlace = string | { lat: number; lng: number; name?: string };

/** Collects every problem of a form so the client can show them all at once (the 'Validation Errors' modal). */
export class Problems {
  readonly list: FieldError[] = [];
  add(field: string, message: string): void {
    if (!this.list.some((problem) => problem.field === field && problem.message === message)) {
      this.list.push({ field, message });
    }
  }
  throwIfAny(): void {
    const [first] = this.list;
    if (first) throw badRequest(first.message, this.list);
  }
}

/** A trimmed required text; blank adds the field's own message. */
export function requiredText(problems: Problems, field: keyof typeof QUEST_MESSAGES, value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) problems.add(field, QUEST_MESSAGES[field]);
  return text;
}

export function optionalText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export const ESTIMATED_TIME_BLANK = 'Estimated time must not be blank.';

/** The keys of T whose values are free text (enums such as category and difficulty are not). */
type TextKeys<T> = { [K in keyof T]-?: string extends NonNullable<T[K]> ? K : never }[keyof T];

/**
 * The quest's own text fields an edit may change: those of the contract's QuestEditableFields (title and
 * description aside: every form requires them, and the services read them with their own messages), plus the
 * state and the estimated time, which only the edits take.
 */
export type OwnFieldName =
  | Exclude<TextKeys<Schema<'QuestEditableFields'>>, 'title' | 'description'>
  | 'state'
  | 'estimatedTime';
export type OwnFields = Pick<Schema<'UpdateQuestRequest'>, OwnFieldName>;

type OwnFieldRule = 'optional' | { blank: string };

/**
 * How each own field is read, in the order its problems are reported: trimmed, and either optional (blank
 * clears it) or refused blank with its message (the creation rules: address, city and pincode not blank). A
 * text field added to QuestEditableFields fails the typecheck here until it has its rule (docs/dev/add-a-field.md).
 */
const OWN_FIELD_RULES = {
  address: { blank: QUEST_MESSAGES.address },
  city: { blank: QUEST_MESSAGES.city },
  pincode: { blank: QUEST_MESSAGES.pincode },
  subtitle: 'optional',
  state: 'optional',
  proofInstructions: 'optional',
  accessibilityNotes: 'optional',
  estimatedTime: { blank: ESTIMATED_TIME_BLANK },
} as const satisfies Record<OwnFieldName, OwnFieldRule>;

const ownFieldRules = Object.entries(OWN_FIELD_RULES) as [OwnFieldName, OwnFieldRule][];
type OptionalOwnField = {
  [K in OwnFieldName]: (typeof OWN_FIELD_RULES)[K] extends 'optional' ? K : never;
}[OwnFieldName];

/** The own fields given, trimmed, by their rules; a blank required one adds its message. */
export function parseOwnFields(problems: Problems, fields: OwnFields): OwnFields {
  const changes: OwnFields = {};
  for (const [field, rule] of ownFieldRules) {
    const value = fields[field];
    if (value === undefined) continue;
    changes[field] = optionalText(value);
    if (rule !== 'optional' && !changes[field]) problems.add(field, rule.blank);
  }
  return changes;
}

/**
 * A stored quest's own fields under their contract names, which its columns bear ('' for a column left empty),
 * so that the quest answer carries each one the contract adds.
 */
export function storedOwnFields(quest: Record<OwnFieldName, string | null>): Record<OwnFieldName, string> {
  return Object.fromEntries(ownFieldRules.map(([field]) => [field, quest[field] ?? ''])) as Record<
    OwnFieldName,
    string
  >;
}

/** The optional own fields of a new quest, trimmed; those not given are empty. */
export function optionalOwnFields(fields: Partial<Record<OwnFieldName, string>>) {
  const values = {} as Record<OptionalOwnField, string>;
  for (const [field, rule] of ownFieldRules) {
    if (rule === 'optional') values[field as OptionalOwnField] = optionalText(fields[field]);
  }
  return values;
}

function parseJson(problems: Problems, field: string, label: string, text: string | undefined): unknown[] {
  if (text === undefined || !text.trim()) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return value;
  } catch {
    // reported below
  }
  problems.add(field, `${label} must be a JSON list`);
  return [];
}

/**
 * Every form a task comes in (the contract's TaskForm): a text, or an object with `description` (or `name`)
 * and `hint` (or `tip`). The one place the forms are read; everything after sees TaskInput.
 */
function taskParts(item: RawTask): { description: string; hint: string } {
  if (typeof item === 'string') return { description: item.trim(), hint: '' };
  return {
    description: optionalText(item?.description) || optionalText(item?.name),
    hint: optionalText(item?.hint) || optionalText(item?.tip),
  };
}

/** Every form a tip comes in (the contract's TipForm): a text, or an object with tip_text, tipText, content or text. */
function tipText(item: unknown): string | undefined {
  if (typeof item === 'string') return item.trim();
  if (typeof item !== 'object' || item === null) return undefined;
  const tip = item as Record<string, unknown>;
  const key = ['tip_text', 'tipText', 'content', 'text'].find((name) => typeof tip[name] === 'string');
  return key === undefined ? undefined : optionalText(tip[key]);
}

export function parseTaskList(problems: Problems, raw: readonly RawTask[]): TaskInput[] {
  const tasks: TaskInput[] = [];
  for (const item of raw) {
    const { description, hint } = taskParts(item);
    if (!description) continue; // blank tasks are ignored (docs/product-rules/quests.md#tasks-and-tips)
    if (description.length > QUEST_LIMITS.taskDescription) {
      problems.add('tasks', `Task descriptions must be at most ${QUEST_LIMITS.taskDescription} characters.`);
    }
    if (hint.length > QUEST_LIMITS.hint) {
      problems.add('tasks', `Task hints must be at most ${QUEST_LIMITS.hint} characters.`);
    }
    tasks.push({ description, hint: hint || null });
  }
  if (!tasks.length) problems.add('tasks', QUEST_MESSAGES.tasks);
  if (tasks.length > QUEST_LIMITS.tasks)
    problems.add('tasks', `A quest has at most ${QUEST_LIMITS.tasks} tasks.`);
  return tasks;
}

export function parseTasksJson(problems: Problems, text: string | undefined): TaskInput[] {
  const raw = parseJson(problems, 'tasks', 'Tasks', text);
  if (problems.list.some((problem) => problem.field === 'tasks')) return [];
  const valid = raw.filter(
    (item): item is RawTask => typeof item === 'string' || (typeof item === 'object' && item !== null),
  );
  if (valid.length !== raw.length)
    problems.add('tasks', 'Each task must be a text or an object with a description or name');
  return parseTaskList(problems, valid);
}

export function parseTipList(problems: Problems, raw: readonly unknown[]): string[] {
  const texts = raw.map(tipText);
  const tips = texts.filter((tip): tip is string => Boolean(tip));
  if (texts.includes(undefined)) {
    problems.add('tips', 'Each tip must be a text or an object with tip_text, tipText, content or text');
  }
  if (tips.some((tip) => tip.length > QUEST_LIMITS.tip)) {
    problems.add('tips', `Tips must be at most ${QUEST_LIMITS.tip} characters.`);
  }
  if (tips.length > QUEST_LIMITS.tips) problems.add('tips', `A quest has at most ${QUEST_LIMITS.tips} tips.`);
  return tips;
}

export function parseTipsJson(problems: Problems, text: string | undefined): string[] {
  return parseTipList(problems, parseJson(problems, 'tips', 'Tips', text));
}

function coordinate(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/**
 * A point from form input, or undefined with a coordinate message added
 * (docs/product-rules/messages.md#waypoint-messages).
 */
function pointOf(problems: Problems, field: string, raw: { lat?: unknown; lng?: unknown }) {
  const lat = coordinate(raw.lat);
  const lng = coordinate(raw.lng);
  if (lat === undefined || lng === undefined) {
    problems.add(field, WAYPOINT_NUMBERS);
    return undefined;
  }
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) {
    problems.add(field, WAYPOINT_RANGES);
    return undefined;
  }
  return { lat, lng };
}

export function parseWaypointList(problems: Problems, raw: readonly unknown[]): Waypoint[] {
  if (raw.length > QUEST_LIMITS.waypoints) {
    problems.add('waypoints', `A route has at most ${QUEST_LIMITS.waypoints} waypoints.`);
  }
  const waypoints: Waypoint[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) {
      problems.add('waypoints', WAYPOINT_NUMBERS);
      continue;
    }
    const entry = item as { lat?: unknown; lng?: unknown; name?: unknown; address?: unknown };
    const point = pointOf(problems, 'waypoints', entry);
    const name = optionalText(entry.name).slice(0, QUEST_LIMITS.placeName) || DEFAULT_WAYPOINT_NAME;
    const address = optionalText(entry.address).slice(0, QUEST_LIMITS.waypointAddress);
    if (point) waypoints.push({ ...point, name, ...(address ? { address } : {}) });
  }
  return waypoints;
}

export function parseWaypointsJson(problems: Problems, text: string | undefined): Waypoint[] {
  return parseWaypointList(problems, parseJson(problems, 'waypoints', 'Waypoints', text));
}

const POINT_TEXT = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** The name a point given without one goes by (the migration names old rows the same way). */
export const pointName = (point: Point) => `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`;

function placeOf(
  problems: Problems,
  field: string,
  raw: { lat?: unknown; lng?: unknown; name?: unknown },
): ItineraryEnd {
  const name = optionalText(raw.name).slice(0, QUEST_LIMITS.placeName);
  const noPoint = (raw.lat === undefined || raw.lat === null) && (raw.lng === undefined || raw.lng === null);
  if (name && noPoint) return { name, point: null };
  const point = pointOf(problems, field, raw) ?? null;
  return { name: name || (point ? pointName(point) : ''), point };
}

/**
 * A route end: a place name alone (point null: the caller looks it up), 'lat,lng', or JSON of
 * {lat, lng, name?} (the form sends either). A point without a name is named by its coordinates.
 */
export function parsePlace(
  problems: Problems,
  field: 'startLocation' | 'endLocation',
  raw: RawPlace | undefined,
): ItineraryEnd {
  if (typeof raw === 'object' && raw !== null) return placeOf(problems, field, raw);
  const text = optionalText(raw);
  if (!text) {
    problems.add(field, QUEST_MESSAGES[field]);
    return { name: '', point: null };
  }
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { lat?: unknown; lng?: unknown; name?: unknown };
      if (typeof parsed === 'object' && parsed !== null) return placeOf(problems, field, parsed);
    } catch {
      // not JSON: reported below
    }
    problems.add(
      field,
      `${field === 'startLocation' ? 'Start' : 'End'} location must be a place name or a point`,
    );
    return { name: '', point: null };
  }
  const pair = POINT_TEXT.exec(text);
  if (pair) return placeOf(problems, field, { lat: pair[1], lng: pair[2] });
  return { name: text.slice(0, QUEST_LIMITS.placeName), point: null };
}

/** Tags trimmed and lowercased (search matches them exactly), duplicates and empty ones ignored. */
export function normaliseTags(problems: Problems, raw: readonly string[]): string[] {
  const tags = [...new Set(raw.map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
  if (tags.some((tag) => tag.length > QUEST_LIMITS.tag)) {
    problems.add('tags', `Tags must be at most ${QUEST_LIMITS.tag} characters each.`);
  }
  if (tags.length > QUEST_LIMITS.tags) problems.add('tags', `A quest has at most ${QUEST_LIMITS.tags} tags.`);
  return tags;
}

export const splitTags = (text: string | undefined) => (text ?? '').split(',');

/** Where maps place the quest: the first waypoint, else the start, else the end (when they have coordinates). */
export function itineraryCentre(start: ItineraryEnd, end: ItineraryEnd, waypoints: readonly Waypoint[]) {
  const point = waypoints[0] ?? start.point ?? end.point;
  return { lat: point?.lat ?? null, lng: point?.lng ?? null };
}

/** The quest columns of an itinerary end. */
export const startColumns = (start: ItineraryEnd) => ({
  startLocation: start.name,
  startLat: start.point?.lat ?? null,
  startLng: start.point?.lng ?? null,
});
export const endColumns = (end: ItineraryEnd) => ({
  endLocation: end.name,
  endLat: end.point?.lat ?? null,
  endLng: end.point?.lng ?? null,
});
