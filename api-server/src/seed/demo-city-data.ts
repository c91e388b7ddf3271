import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import type { Category, Difficulty, QuestStatus } from '../db/schema.ts';
import { loadSpec } from '../lib/spec.ts';

/** The demo city's content (SEED_DEMO=1), kept as data in demo-city.json and described by demo-city.schema.json. */

export type DemoPlace = { city: string; state: string; pincode: string };

/** A stop on the route; the first is the start and the last the end. */
export type DemoStop = { name: string; lat: number; lng: number };

export type DemoQuest = {
  key: string;
  /** A key of the document's cities. */
  in: string;
  title: string;
  subtitle: string;
  category: Category;
  difficulty: Difficulty;
  /** The base xp (1 to 100); completing earns it times the difficulty factor. */
  xp: number;
  time: string;
  description: string;
  stops: readonly DemoStop[];
  tasks: readonly string[];
  tips: readonly string[];
  tags: readonly string[];
  pincode?: string;
  by?: string;
  featured?: boolean;
  status?: QuestStatus;
  rejectionReason?: string;
};

export type ProofState = 'approved' | 'submitted' | 'rejected' | 'resubmitted';

/** A completed quest `daysAgo` (0 = today), optionally reviewed; or an ongoing one with its proofs' states. */
export type DemoPlay =
  | { quest: string; daysAgo: number; review?: { rating: number; comment: string } }
  | { quest: string; ongoing: readonly ProofState[]; farPhoto?: boolean; copiedPhoto?: boolean };

export type DemoCity = {
  cities: Readonly<Record<string, DemoPlace>>;
  /** The loader makes sure that every category a quest uses has its tip. */
  categoryTips: Readonly<Record<Category, string>>;
  proofInstructions: string;
  rejectionFeedback: string;
  quests: readonly DemoQuest[];
  /** Per username, in the order played, so streaks, levels and badges come out as the real rules make them. */
  plays: Readonly<Record<string, readonly DemoPlay[]>>;
  friendships: readonly { from: string; to: string; status: 'accepted' | 'pending' }[];
};

/** The schema's definitions that are the contract's enums. */
const CONTRACT_DEFINITIONS = ['Category', 'Difficulty', 'QuestStatus'] as const;

/** The schema file, with the contract's own definitions in place of the copies it keeps for editors. */
function demoCitySchema(): { $defs: Record<string, unknown> } {
  const schema = JSON.parse(readFileSync(new URL('./demo-city.schema.json', import.meta.url), 'utf8'));
  const contract = loadSpec().components.schemas ?? {};
  for (const name of CONTRACT_DEFINITIONS) schema.$defs[name] = contract[name];
  return schema;
}

const WRAPPER_KEYWORDS: readonly string[] = ['if', 'propertyNames'];

function describe(error: ErrorObject): string {
  const detail =
    error.keyword === 'enum'
      ? ` (${(error.params.allowedValues as unknown[]).join(', ')})`
      : error.keyword === 'additionalProperties'
        ? `: '${error.params.additionalProperty}'`
        : '';
  // An error from propertyNames is about a key of the object: name it in the path.
  const path = error.propertyName ? `${error.instancePath}/${error.propertyName}` : error.instancePath;
  return `${path || '/'}: ${error.propertyName ? 'the name ' : ''}${error.message}${detail}`;
}

/** What the schema cannot say: names that must point at something in the same document. */
function referenceProblems(city: DemoCity): string[] {
  const problems: string[] = [];
  const tasksByKey = new Map<string, number>();
  for (const [index, quest] of city.quests.entries()) {
    if (tasksByKey.has(quest.key)) problems.push(`/quests/${index}/key: '${quest.key}' is used twice`);
    tasksByKey.set(quest.key, quest.tasks.length);
    if (!city.cities[quest.in]) problems.push(`/quests/${index}/in: no city has the key '${quest.in}'`);
    if (!city.categoryTips[quest.category])
      problems.push(`/quests/${index}/category: categoryTips has no tip for '${quest.category}'`);
  }
  for (const [username, plays] of Object.entries(city.plays)) {
    for (const [index, play] of plays.entries()) {
      const path = `/plays/${username}/${index}`;
      const tasks = tasksByKey.get(play.quest);
      if (tasks === undefined) problems.push(`${path}/quest: no quest has the key '${play.quest}'`);
      else if ('ongoing' in play && play.ongoing.length > tasks)
        problems.push(`${path}/ongoing: ${play.ongoing.length} proofs for a quest of ${tasks} tasks`);
    }
  }
  return problems;
}

/** Checks a demo city document; a broken one is refused with every bad path in the message. */
export function parseDemoCity(document: unknown): DemoCity {
  const validate = new Ajv2020({ allErrors: true }).compile(demoCitySchema());
  const problems = validate(document)
    ? referenceProblems(document as DemoCity)
    : // An if or propertyNames error only repeats the errors under it.
      (validate.errors ?? []).filter((error) => !WRAPPER_KEYWORDS.includes(error.keyword)).map(describe);
  if (problems.length > 0)
    throw new Error(
      `demo-city.json is not a valid demo city:\n${problems.map((line) => `  ${line}`).join('\n')}`,
    );
  return document as DemoCity;
}

/** Reads demo-city.json beside this file (the server runs from src/, so it ships with the code). */
export function loadDemoCity(): DemoCity {
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(new URL('./demo-city.json', import.meta.url), 'utf8'));
  } catch (error) {
    throw new Error(`demo-city.json cannot be read: ${(error as Error).message}`);
  }
  return parseDemoCity(document);
}
