import { QUEST_LIMITS, type Schema } from '@cityquest/contract';
import {
  emptyQuestText,
  type QuestTextValues,
  questTextBody,
  questTextOf,
  questTextParts,
} from '@cityquest/web-client/quest-form';
import { randomId } from '@mantine/hooks';
import type { Category, Difficulty, Quest } from '../../lib/quests/quest-api.ts';

/**
 * A route end as the form keeps it: a picked place, or (from an older quest) a name without coordinates,
 * which the server looks up when the quest is saved.
 */
export type PlaceValue = { name: string; lat: number | null; lng: number | null; address?: string };
export type WaypointValue = { id: string; lat: number; lng: number; name: string; address?: string };
/** One task or tip box; `hint` keeps an existing task's hint through an edit (the form has no hint box). */
export type TextItem = { key: string; text: string; hint?: string };

/** The quest's own text fields (the shared quest form model), and the choices, route, lists and photos. */
export type QuestFormValues = QuestTextValues & {
  category: Category | '';
  difficulty: Difficulty | '';
  startLocation: PlaceValue | null;
  endLocation: PlaceValue | null;
  xp: number | string;
  tags: string;
  tasks: TextItem[];
  tips: TextItem[];
  waypoints: WaypointValue[];
  photos: File[];
};

export type CreateQuestBody = Schema<'CreateQuestRequest'>;
export type UpdateQuestBody = Schema<'UpdateQuestRequest'>;

/**
 * The fields the 'Validation Errors' modal lists, in the form's order
 * (docs/product-rules/messages.md#create-quest-messages).
 */
export const PROBLEM_ORDER = [
  'photos',
  'title',
  'category',
  'difficulty',
  'description',
  'address',
  'city',
  'pincode',
  'startLocation',
  'endLocation',
  'tasks',
] as const;

export const textItem = (text = '', hint?: string): TextItem => ({
  key: randomId(),
  text,
  ...(hint ? { hint } : {}),
});

/**
 * The create form starts with two task boxes and one tip box
 * (docs/product-rules/explorer-screens.md#create-quest-form).
 */
export function emptyQuestValues(): QuestFormValues {
  return {
    ...emptyQuestText(),
    category: '',
    difficulty: '',
    startLocation: null,
    endLocation: null,
    xp: 0,
    tags: '',
    tasks: [textItem(), textItem()],
    tips: [textItem()],
    waypoints: [],
    photos: [],
  };
}

/** A route end as the quest answers it: its place name, and its point beside it (`*_coordinates`). */
const toPlaceValue = (name: string, point: { lat: number; lng: number } | null): PlaceValue | null =>
  name || point ? { name, lat: point?.lat ?? null, lng: point?.lng ?? null } : null;

/** The edit form's values: the quest as the server has it (photos stay as uploaded). */
export function questToValues(quest: Quest): QuestFormValues {
  const route = quest.routes[0];
  const tasks = [...quest.tasks]
    .sort((a, b) => a.order - b.order)
    .map((task) => textItem(task.description, task.hint ?? undefined));
  const tips = quest.tips.map((tip) => textItem(tip.tip_text));
  return {
    ...questTextOf(quest),
    category: quest.category,
    difficulty: quest.difficulty,
    startLocation: route ? toPlaceValue(route.start_location, route.start_coordinates) : null,
    endLocation: route ? toPlaceValue(route.end_location, route.end_coordinates) : null,
    xp: quest.xp,
    tags: quest.tags.join(', '),
    tasks: tasks.length ? tasks : [textItem()],
    tips: tips.length ? tips : [textItem()],
    waypoints: (route?.waypoints ?? []).map((point) => ({
      id: randomId(),
      lat: point.lat,
      lng: point.lng,
      name: point.name,
      ...(point.address ? { address: point.address } : {}),
    })),
    photos: [],
  };
}

const filledTasks = (tasks: TextItem[]) => tasks.filter((task) => task.text.trim());
// Blank tips are dropped (docs/product-rules/quests.md#tasks-and-tips).
const filledTips = (tips: TextItem[]) => tips.map((tip) => tip.text.trim()).filter((tip) => tip.length > 0);

export const hasTask = (tasks: TextItem[]) => filledTasks(tasks).length > 0;

const taskList = (tasks: TextItem[]) =>
  filledTasks(tasks).map((task) =>
    task.hint ? { description: task.text.trim(), hint: task.hint } : task.text.trim(),
  );

export const splitTags = (tags: string) =>
  tags
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);

export function xpOf(value: number | string): number {
  const xp = Number(value);
  return Number.isFinite(xp) && xp > 0 ? Math.min(QUEST_LIMITS.xpSuggestion, Math.round(xp)) : 0;
}

const clip = (text: string) => text.trim().slice(0, QUEST_LIMITS.placeName);

function placeInput(place: PlaceValue): string | { lat: number; lng: number; name?: string } {
  if (place.lat === null || place.lng === null) return clip(place.name);
  return { lat: place.lat, lng: place.lng, ...(place.name.trim() ? { name: clip(place.name) } : {}) };
}

const waypointInputs = (waypoints: WaypointValue[]) =>
  waypoints.map((point) => ({
    lat: point.lat,
    lng: point.lng,
    ...(point.name.trim() ? { name: clip(point.name) } : {}),
    ...(point.address?.trim()
      ? { address: point.address.trim().slice(0, QUEST_LIMITS.waypointAddress) }
      : {}),
  }));

/** A multipart field carries a place as its name, or as JSON of its point. */
function placeField(place: PlaceValue): string {
  const input = placeInput(place);
  return typeof input === 'string' ? input : JSON.stringify(input);
}

/** POST /quests/create-quest's multipart body (openapi.yaml CreateQuestRequest), from values the form validated. */
export function createQuestBody(values: QuestFormValues): CreateQuestBody {
  const { category, difficulty, startLocation, endLocation } = values;
  if (!category || !difficulty || !startLocation || !endLocation) {
    throw new Error('createQuestBody needs the values the form validated');
  }
  const tags = splitTags(values.tags);
  return {
    ...questTextParts(values),
    category,
    difficulty,
    startLocation: placeField(startLocation),
    endLocation: placeField(endLocation),
    xp: xpOf(values.xp),
    tags: tags.length ? tags.join(', ') : undefined,
    tasks: JSON.stringify(taskList(values.tasks)),
    tips: JSON.stringify(filledTips(values.tips)),
    waypoints: values.waypoints.length ? JSON.stringify(waypointInputs(values.waypoints)) : undefined,
    photos: values.photos,
  };
}

/**
 * PUT /quests/{id}'s JSON body. `xp` goes only when the creator changed it: the quest answer carries the
 * awarded xp, not the creator's own suggestion, so sending it back unchanged would move the base.
 */
export function updateQuestBody(values: QuestFormValues, options: { includeXp: boolean }): UpdateQuestBody {
  return {
    ...questTextBody(values),
    ...(values.category ? { category: values.category } : {}),
    ...(values.difficulty ? { difficulty: values.difficulty } : {}),
    ...(values.startLocation ? { startLocation: placeInput(values.startLocation) } : {}),
    ...(values.endLocation ? { endLocation: placeInput(values.endLocation) } : {}),
    ...(options.includeXp ? { xp: xpOf(values.xp) } : {}),
    tags: splitTags(values.tags),
    tasks: taskList(values.tasks),
    tips: filledTips(values.tips),
    waypoints: waypointInputs(values.waypoints),
  };
}

export type ManualWaypointCheck =
  | { ok: true; lat: number; lng: number }
  | { ok: false; problem: 'invalidNumbers' | 'invalidRanges' };

/**
 * Manual waypoint rules (docs/product-rules/messages.md#waypoint-messages): both must be numbers, then within
 * -90..90 and -180..180.
 */
export function checkManualWaypoint(latText: string, lngText: string): ManualWaypointCheck {
  const parse = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));
  const lat = parse(latText);
  const lng = parse(lngText);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return { ok: false, problem: 'invalidNumbers' };
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return { ok: false, problem: 'invalidRanges' };
  return { ok: true, lat, lng };
}
