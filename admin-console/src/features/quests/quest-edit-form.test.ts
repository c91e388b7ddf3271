import { describe, expect, it } from 'vitest';
import {
  baseXpOf,
  type EditValues,
  editErrors,
  normaliseTags,
  taskRow,
  tipRow,
  updateBodyOf,
} from './quest-edit-form.ts';

const values = (overrides: Partial<EditValues> = {}): EditValues => ({
  title: 'Murals of Lodhi Colony',
  description: 'Find five murals.',
  category: 'Art',
  difficulty: 'Easy',
  tasks: [taskRow('Find the blue elephant', 'Behind the post office')],
  tips: [tipRow('Go early')],
  xp: 60,
  tags: ['street art'],
  featured: false,
  ...overrides,
});

describe('admin quest edit rules (docs/product-rules/moderation.md#admin-quest-edit)', () => {
  it.each<[number | string, number]>([
    [1, 1],
    [60, 60],
    [100, 100],
    ['42', 42],
    [0, 10],
    [101, 10],
    [-5, 10],
    [12.5, 10],
    ['', 10],
    ['abc', 10],
  ])('saves xp %j as %i', (typed, saved) => {
    expect(baseXpOf(typed)).toBe(saved);
  });

  it('trims tags and ignores empty ones and duplicates in any letter case', () => {
    expect(normaliseTags([' street art ', 'walking', '', '  ', 'Street Art', 'walking '])).toEqual([
      'street art',
      'walking',
    ]);
  });

  it('requires title, description and at least one non-blank task', () => {
    expect(editErrors(values())).toEqual({});
    expect(
      editErrors(values({ title: '  ', description: '', tasks: [taskRow('   ', 'a hint'), taskRow('')] })),
    ).toEqual({
      title: 'titleRequired',
      description: 'descriptionRequired',
      'tasks.0.description': 'tasksRequired',
    });
  });

  it('drops blank tasks and tips, trims the rest and keeps hints only when given', () => {
    const body = updateBodyOf(
      values({
        title: ' Murals ',
        tasks: [taskRow(' ', 'orphan hint'), taskRow(' Find the elephant ', ' '), taskRow('Hands', ' Wall ')],
        tips: [tipRow('  '), tipRow(' Go early ')],
        xp: 250,
        tags: ['art', ' Art', ''],
        featured: true,
      }),
    );
    expect(body).toEqual({
      title: 'Murals',
      description: 'Find five murals.',
      category: 'Art',
      difficulty: 'Easy',
      tasks: [{ description: 'Find the elephant' }, { description: 'Hands', hint: 'Wall' }],
      tips: ['Go early'],
      xp: 10,
      tags: ['art'],
      featured: true,
    });
  });
});
