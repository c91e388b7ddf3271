import { describe, expect, it } from 'vitest';
import { createHelpIndex, type HelpText, searchHelp } from './help-search.ts';

const GUIDES: HelpText[] = [
  { title: 'Earning badges', topicName: 'Progress', body: 'Each category has five badges to collect.' },
  { title: 'Creating a quest', topicName: 'Quests', body: 'Anyone can submit a walk for review.' },
  { title: 'Levels and xp', topicName: 'Progress', body: 'Every 500 xp is one more level.' },
  { title: 'Who sees my profile', topicName: 'Account', body: 'Choose who can see your badges.' },
];

const titlesFor = (entries: readonly HelpText[], question: string, stopWords = '') =>
  searchHelp(createHelpIndex(entries, stopWords), question).map((entry) => entry.title);

describe('help search', () => {
  it('finds the entry that uses another form of the word asked for', () => {
    const reviews = [
      {
        title: 'Rating a quest',
        topicName: 'Reviews',
        body: 'Give it one to five stars once you walked it.',
      },
      { title: 'Walks near you', topicName: 'Explore', body: 'Quests that others rated highly.' },
    ];
    expect(titlesFor(reviews, 'rates')).toEqual(['Rating a quest']);
    expect(titlesFor(reviews, 'walked')).toEqual(['Walks near you']);
    expect(titlesFor(GUIDES, 'badge')).toEqual(['Earning badges']);
    expect(titlesFor(GUIDES, 'create')).toEqual(['Creating a quest']);
    expect(titlesFor(GUIDES, 'LEVEL')).toEqual(['Levels and xp']);
    const french = [
      { title: 'Passer au niveau suivant', topicName: 'Progression', body: 'Chaque tranche de 500 xp.' },
      { title: 'Gagner des insignes', topicName: 'Progression', body: 'Cinq par catégorie.' },
    ];
    expect(titlesFor(french, 'niveaux')).toEqual(['Passer au niveau suivant']);
    expect(titlesFor(french, 'categorie')).toEqual(['Gagner des insignes']);
  });

  it('ranks a word in a title above one in a topic, and leaves out entries scoring half the best or less', () => {
    const walks = [
      { title: 'Opening hours', topicName: 'Visits', body: 'The murals can be seen all day.' },
      { title: 'Street art', topicName: 'Murals', body: 'Paint on old walls.' },
      { title: 'Murals of Lodhi Colony', topicName: 'Walks', body: 'Five walls to find.' },
    ];
    expect(titlesFor(walks, 'mural')).toEqual(['Murals of Lodhi Colony', 'Street art']);
    // Where the text is the only place the word stands, the text is enough.
    expect(titlesFor(walks, 'paint')).toEqual(['Street art']);
  });

  it('answers at most four entries, best first', () => {
    const many = Array.from({ length: 6 }, (_, index) => ({
      title: `Photo tip ${index + 1}`,
      topicName: 'Proofs',
      body: 'Keep the mural in the frame.',
    }));
    expect(titlesFor(many, 'photo')).toEqual(['Photo tip 1', 'Photo tip 2', 'Photo tip 3', 'Photo tip 4']);
  });

  it('matches a two-letter word only exactly, and a short word never swallows a longer one', () => {
    const entries = [
      { title: 'Your xp', topicName: 'Progress', body: 'Points.' },
      { title: 'Exploring', topicName: 'Quests', body: 'Walks.' },
      { title: 'Moderators', topicName: 'Reviews', body: 'People.' },
    ];
    expect(titlesFor(entries, 'xp')).toEqual(['Your xp']);
    expect(titlesFor(entries, 'mode')).toEqual([]);
    expect(titlesFor(entries, 'moderator')).toEqual(['Moderators']);
  });

  it('answers nothing to an empty question, punctuation, or only stop words', () => {
    const entries = [...GUIDES, { title: 'How do I start?', topicName: 'Getting started', body: 'Sign up.' }];
    for (const question of ['', '   ', '?!', 'How do I?']) {
      expect(titlesFor(entries, question, 'how do i')).toEqual([]);
    }
    expect(titlesFor(entries, 'How do I?')).toEqual(['How do I start?']);
  });
});
