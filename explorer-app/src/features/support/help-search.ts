/** A guide or FAQ entry as the visitor reads it: its title, the name of its topic and its text. */
export type HelpText = { title: string; topicName: string; body: string };

type Indexed<Entry> = { entry: Entry; titleWords: string[]; topicWords: string[]; bodyWords: string[] };

/** Entries ready for `searchHelp`, in one language. */
export type HelpIndex<Entry extends HelpText> = {
  entries: readonly Indexed<Entry>[];
  stopWords: ReadonlySet<string>;
};

const MAX_ANSWERS = 4;

function normalise(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

function wordsOf(text: string): string[] {
  return normalise(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

// A light suffix-folding stem, applied to the question and the page alike, so 'badges' finds 'badge', 'creating'
// finds 'create', 'insignias' finds 'insignia' and 'niveaux' finds 'niveau'.
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && (word.endsWith('ed') || word.endsWith('es'))) return word.slice(0, -2);
  if (word.length > 4 && (word.endsWith('e') || word.endsWith('x'))) return word.slice(0, -1);
  if (word.length > 3 && word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function stemsOf(text: string): string[] {
  return wordsOf(text).map(stem);
}

function matches(word: string, token: string): boolean {
  const shorter = Math.min(word.length, token.length);
  // Two-letter tokens such as 'xp' would match far too much unless exact.
  if (shorter <= 2) return word === token;
  let shared = 0;
  while (shared < shorter && word[shared] === token[shared]) shared += 1;
  const longer = Math.max(word.length, token.length);
  // One word starts the other ('photo', 'photograph') without a short token swallowing a long word ('mode',
  // 'moderator'), or both share a long root ('verify', 'verification').
  return (shared === shorter && shared / longer >= 0.6) || (shared >= 5 && shared >= 0.7 * shorter);
}

/** Indexes `entries` for `searchHelp`; `stopWords` (space-separated, in the entries' language) are never sought. */
export function createHelpIndex<Entry extends HelpText>(
  entries: readonly Entry[],
  stopWords: string,
): HelpIndex<Entry> {
  return {
    entries: entries.map((entry) => ({
      entry,
      titleWords: stemsOf(entry.title),
      topicWords: stemsOf(entry.topicName),
      bodyWords: stemsOf(entry.body),
    })),
    stopWords: new Set(wordsOf(stopWords)),
  };
}

/**
 * The entries that answer `question`, best first and at most four: each word of the question counts 3 when a title
 * has it, else 2 in the topic's name, else 1 in the text, and only entries scoring more than half the best are kept.
 */
export function searchHelp<Entry extends HelpText>(index: HelpIndex<Entry>, question: string): Entry[] {
  const tokens = [
    ...new Set(
      wordsOf(question)
        .filter((word) => !index.stopWords.has(word))
        .map(stem),
    ),
  ];
  if (tokens.length === 0) return [];
  const scored = index.entries
    .map(({ entry, titleWords, topicWords, bodyWords }) => {
      let score = 0;
      for (const token of tokens) {
        const found = (words: string[]) => words.some((word) => matches(word, token));
        if (found(titleWords)) score += 3;
        else if (found(topicWords)) score += 2;
        else if (found(bodyWords)) score += 1;
      }
      return { entry, score };
    })
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score);
  const best = scored[0]?.score ?? 0;
  return scored
    .filter(({ score }) => score * 2 > best)
    .slice(0, MAX_ANSWERS)
    .map(({ entry }) => entry);
}
