import { randomId } from '@mantine/hooks';
import {
  type AdminQuest,
  CATEGORIES,
  type Category,
  DIFFICULTIES,
  type Difficulty,
  type QuestUpdate,
} from './quests-api.ts';

/** Rows carry a key so React keeps each input with its row when rows are added or removed. */
export type TaskRow = { key: string; description: string; hint: string };
export type TipRow = { key: string; text: string };

export type EditValues = {
  title: string;
  description: string;
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
  | 'categoryRequired'
  | 'difficultyRequired'
  | 'tasksRequired';

/** Admin edit XP: a whole number from 1 to 100, anything else 10 (admin-and-moderation.md sections 5 and 9). */
export const XP_MIN = 1;
export const XP_MAX = 100;
export const XP_FALLBACK = 10;

/** The server's limits for the fields of the edit (openapi.yaml AdminQuestUpdateRequest). */
export const EDIT_LIMITS = {
  title: 80,
  description: 5000,
  tasks: 50,
  taskDescription: 500,
  hint: 300,
  tips: 20,
  tip: 300,
  tags: 20,
  tag: 30,
} as const;

export const taskRow = (description = '', hint = ''): TaskRow => ({ key: randomId(), description, hint });
export const tipRow = (text = ''): TipRow => ({ key: randomId(), text });

/** The form's starting values; at least one task row and one tip row always stay (section 5). */
export function editValuesOf(quest: AdminQuest): EditValues {
  const tasks = [...quest.tasks]
    .sort((a, b) => a.order - b.order)
    .map((task) => taskRow(task.description, task.hint ?? ''));
  const tips = quest.tips.map((tip) => tipRow(tip.tip_text));
  return {
    title: quest.title,
    description: quest.description,
    category: quest.category,
    difficulty: quest.difficulty,
    tasks: tasks.length ? tasks : [taskRow()],
    tips: tips.length ? tips : [tipRow()],
    xp: quest.baseXp ?? XP_FALLBACK,
    tags: [...quest.tags],
    featured: quest.featured,
  };
}

export function isValidXp(value: number | string): boolean {
  const xp = typeof value === 'number' ? value : value.trim() ? Number(value) : Number.NaN;
  return Number.isInteger(xp) && xp >= XP_MIN && xp <= XP_MAX;
}

export function baseXpOf(value: number | string): number {
  return isValidXp(value) ? Number(value) : XP_FALLBACK;
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

/** Title, description, category and difficulty are required, and at least one task (section 5). */
export function editErrors(values: EditValues): Record<string, EditError> {
  const errors: Record<string, EditError> = {};
  if (!values.title.trim()) errors.title = 'titleRequired';
  if (!values.description.trim()) errors.description = 'descriptionRequired';
  if (!CATEGORIES.includes(values.category)) errors.category = 'categoryRequired';
  if (!DIFFICULTIES.includes(values.difficulty)) errors.difficulty = 'difficultyRequired';
  // Shown on the first task row, where the admin types the missing task.
  if (!filledTasks(values.tasks).length) errors['tasks.0.description'] = 'tasksRequired';
  return errors;
}

/** The PUT body: blank tasks and tips dropped, xp within its rule, tags normalised (section 5). */
export function updateBodyOf(values: EditValues): QuestUpdate {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    category: values.category,
    difficulty: values.difficulty,
    tasks: filledTasks(values.tasks).map((row) => ({
      description: row.description.trim(),
      ...(row.hint.trim() ? { hint: row.hint.trim() } : {}),
    })),
    tips: values.tips.map((row) => row.text.trim()).filter(Boolean),
    xp: baseXpOf(values.xp),
    tags: normaliseTags(values.tags),
    featured: values.featured,
  };
}
