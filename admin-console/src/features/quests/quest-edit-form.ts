import { CATEGORIES, type Category, DIFFICULTIES, type Difficulty } from '@cityquest/contract';
import { QUEST_BASE_XP } from '@cityquest/contract/rules';
import {
  type ErrorPlaces,
  errorPlaceOf,
  type PlacedFieldErrors,
  placeFieldErrors,
  QUEST_TEXT_ERROR_PLACES,
  type QuestTextValues,
  questTextBody,
  questTextOf,
  type RequiredQuestTextField,
  refusedQuestText,
} from '@cityquest/web-client/quest-form';
import { randomId } from '@mantine/hooks';
import type { AdminQuest, QuestUpdate } from './quests-api.ts';

/** Rows carry a key so React keeps each input with its row when rows are added or removed. */
export type TaskRow = { key: string; description: string; hint: string };
export type TipRow = { key: string; text: string };

/** The quest's own text fields (the shared quest form model), the console's own fields, choices and lists. */
export type EditValues = QuestTextValues & {
  state: string;
  estimatedTime: string;
  category: Category;
  difficulty: Difficulty;
  tasks: TaskRow[];
  tips: TipRow[];
  xp: number | string;
  tags: string[];
  featured: boolean;
};

export type EditError =
  | 'titleRequired'
  | 'descriptionRequired'
  | 'addressRequired'
  | 'cityRequired'
  | 'pincodeInvalid'
  | 'categoryRequired'
  | 'difficultyRequired'
  | 'tasksRequired';

/** The message of each required text field the contract would refuse. */
const TEXT_ERRORS = {
  title: 'titleRequired',
  description: 'descriptionRequired',
  address: 'addressRequired',
  city: 'cityRequired',
  pincode: 'pincodeInvalid',
} as const satisfies Record<RequiredQuestTextField, EditError>;

export const taskRow = (description = '', hint = ''): TaskRow => ({ key: randomId(), description, hint });
export const tipRow = (text = ''): TipRow => ({ key: randomId(), text });

/**
 * The form's starting values; at least one task row and one tip row always stay
 * (docs/product-rules/admin-screens.md#quest-moderation-screen).
 */
export function editValuesOf(quest: AdminQuest): EditValues {
  const tasks = [...quest.tasks]
    .sort((a, b) => a.order - b.order)
    .map((task) => taskRow(task.description, task.hint ?? ''));
  const tips = quest.tips.map((tip) => tipRow(tip.tip_text));
  return {
    ...questTextOf(quest),
    state: quest.state,
    estimatedTime: quest.estimatedTime,
    category: quest.category,
    difficulty: quest.difficulty,
    tasks: tasks.length ? tasks : [taskRow()],
    tips: tips.length ? tips : [tipRow()],
    xp: quest.baseXp ?? QUEST_BASE_XP.fallback,
    tags: [...quest.tags],
    featured: quest.featured,
  };
}

/** Xp from 1 to 100 is kept, anything else is saved as 10 (docs/product-rules/moderation.md#admin-quest-edit). */
export function isValidXp(value: number | string): boolean {
  const xp = typeof value === 'number' ? value : value.trim() ? Number(value) : Number.NaN;
  return Number.isInteger(xp) && xp >= QUEST_BASE_XP.min && xp <= QUEST_BASE_XP.max;
}

export function baseXpOf(value: number | string): number {
  return isValidXp(value) ? Number(value) : QUEST_BASE_XP.fallback;
}

/** Tags are trimmed; empty ones and duplicates (in any letter case, as the server stores them) are ignored. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of tags) {
    const text = tag.trim();
    const key = text.toLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    result.push(text);
  }
  return result;
}

const filledTasks = (rows: readonly TaskRow[]) => rows.filter((row) => row.description.trim());
const filledTips = (rows: readonly TipRow[]) => rows.filter((row) => row.text.trim());

/**
 * Title, description, address, city, category and difficulty are required, the pincode is digits, and at least
 * one task (docs/product-rules/moderation.md#admin-quest-edit).
 */
export function editErrors(values: EditValues): Record<string, EditError> {
  const errors: Record<string, EditError> = {};
  for (const field of refusedQuestText(values)) errors[field] = TEXT_ERRORS[field];
  if (!CATEGORIES.includes(values.category)) errors.category = 'categoryRequired';
  if (!DIFFICULTIES.includes(values.difficulty)) errors.difficulty = 'difficultyRequired';
  // Shown on the first task row, where the admin types the missing task.
  if (!filledTasks(values.tasks).length) errors['tasks.0.description'] = 'tasksRequired';
  return errors;
}

/**
 * The PUT body: text trimmed, a blank estimated time left out (it keeps its value), blank tasks and tips dropped,
 * xp within its rule, tags normalised (docs/product-rules/moderation.md#admin-quest-edit).
 */
export function updateBodyOf(values: EditValues): QuestUpdate {
  const estimatedTime = values.estimatedTime.trim();
  return {
    ...questTextBody(values),
    state: values.state.trim(),
    ...(estimatedTime ? { estimatedTime } : {}),
    category: values.category,
    difficulty: values.difficulty,
    tasks: filledTasks(values.tasks).map((row) => ({
      description: row.description.trim(),
      ...(row.hint.trim() ? { hint: row.hint.trim() } : {}),
    })),
    tips: filledTips(values.tips).map((row) => row.text.trim()),
    xp: baseXpOf(values.xp),
    tags: normaliseTags(values.tags),
    featured: values.featured,
  };
}

/**
 * Where the form shows the server's error on each field of the body: on the input holding it, or in the banner
 * when none does (tasks and tips are placed by row, see formPathOf). The text fields show under their own boxes;
 * a field the contract adds otherwise fails the typecheck here until the form gives it a place
 * (docs/dev/add-a-field.md).
 */
const ERROR_PLACES = {
  ...QUEST_TEXT_ERROR_PLACES,
  category: 'category',
  difficulty: 'difficulty',
  estimatedTime: 'estimatedTime',
  state: 'state',
  tasks: null,
  tips: null,
  xp: 'xp',
  tags: 'tags',
  featured: 'featured',
} as const satisfies ErrorPlaces<QuestUpdate, EditValues>;

/**
 * Where a field the server names in a 400 answer shows in the form, or null when no input holds it: a task or
 * tip by its row, any other field where ERROR_PLACES puts it. The body leaves blank rows out, so the server's
 * `tasks.1` is the second filled task row; tips go as plain text, so `tips.1` is that row's text; an error on a
 * task's hint shows on its hint box, any other on its description; an error on one tag shows on the tags input.
 */
function formPathOf(field: string, values: EditValues): string | null {
  if (field === 'tasks') return 'tasks.0.description';
  const [list, item, part, ...rest] = field.split('.');
  if ((list !== 'tasks' && list !== 'tips') || item === undefined || !/^\d+$/.test(item) || rest.length > 0) {
    return errorPlaceOf<EditValues>(ERROR_PLACES, field);
  }
  const rows: readonly { key: string }[] =
    list === 'tasks' ? filledTasks(values.tasks) : filledTips(values.tips);
  const at = rows[Number(item)];
  if (!at) return null;
  const formIndex = (list === 'tasks' ? values.tasks : values.tips).findIndex(
    (candidate) => candidate.key === at.key,
  );
  return list === 'tasks'
    ? `tasks.${formIndex}.${part === 'hint' ? 'hint' : 'description'}`
    : `tips.${formIndex}.text`;
}

/** A refusal's field errors on the boxes that hold them, the rest for the banner. */
export const placeEditErrors = (
  fieldErrors: readonly { field: string; message: string }[],
  values: EditValues,
): PlacedFieldErrors => placeFieldErrors(fieldErrors, (field) => formPathOf(field, values));
