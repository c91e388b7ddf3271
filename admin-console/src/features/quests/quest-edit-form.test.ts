import { describe, expect, it } from 'vitest';
import {
  baseXpOf,
  type EditValues,
  editErrors,
  normaliseTags,
  placeEditErrors,
  taskRow,
  tipRow,
  updateBodyOf,
} from './quest-edit-form.ts';

const values = (overrides: Partial<EditValues> = {}): EditValues => ({
  title: 'Murals of Lodhi Colony',
  subtitle: '',
  description: 'Find five murals.',
  address: 'Lodhi Colony Market',
  city: 'New Delhi',
  state: 'Delhi',
  pincode: '110003',
  estimatedTime: '2 hours',
  proofInstructions: '',
  accessibilityNotes: '',
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

  it('requires title, description, address, city, a digits-only pincode and at least one non-blank task', () => {
    expect(editErrors(values())).toEqual({});
    expect(
      editErrors(
        values({
          title: '  ',
          description: '',
          address: ' ',
          city: '',
          pincode: '11 003',
          tasks: [taskRow('   ', 'a hint'), taskRow('')],
        }),
      ),
    ).toEqual({
      title: 'titleRequired',
      description: 'descriptionRequired',
      address: 'addressRequired',
      city: 'cityRequired',
      pincode: 'pincodeInvalid',
      'tasks.0.description': 'tasksRequired',
    });
    expect(editErrors(values({ pincode: '12345678901' })).pincode).toBe('pincodeInvalid');
  });

  it('drops blank tasks and tips, trims the rest and keeps hints only when given', () => {
    const body = updateBodyOf(
      values({
        title: ' Murals ',
        subtitle: ' Walls that talk ',
        city: ' New Delhi ',
        estimatedTime: '  ',
        proofInstructions: ' Photograph each signature. ',
        accessibilityNotes: ' Step-free lanes. ',
        tasks: [taskRow(' ', 'orphan hint'), taskRow(' Find the elephant ', ' '), taskRow('Hands', ' Wall ')],
        tips: [tipRow('  '), tipRow(' Go early ')],
        xp: 250,
        tags: ['art', ' Art', ''],
        featured: true,
      }),
    );
    // A blank estimated time is left out, so the quest keeps the one it has.
    expect(body).toEqual({
      title: 'Murals',
      subtitle: 'Walls that talk',
      description: 'Find five murals.',
      address: 'Lodhi Colony Market',
      city: 'New Delhi',
      state: 'Delhi',
      pincode: '110003',
      proofInstructions: 'Photograph each signature.',
      accessibilityNotes: 'Step-free lanes.',
      category: 'Art',
      difficulty: 'Easy',
      tasks: [{ description: 'Find the elephant' }, { description: 'Hands', hint: 'Wall' }],
      tips: ['Go early'],
      xp: 10,
      tags: ['art'],
      featured: true,
    });
  });

  it('puts server field errors on their boxes, counting only the rows the body sent, the rest in the banner', () => {
    const blank = taskRow(' ');
    const second = taskRow('Hands', 'Wall');
    const tips = [tipRow(''), tipRow('Go early')];
    const form = values({ tasks: [taskRow('Elephant'), blank, second], tips });
    const error = (field: string) => ({ field, message: field });
    expect(
      placeEditErrors(
        [
          error('title'),
          error('accessibilityNotes'),
          error('tags.1'),
          error('tasks.1.hint'),
          error('tasks.0'),
          error('tips.0'),
          error('tasks.5.description'),
          error('photos'),
        ],
        form,
      ),
    ).toEqual({
      onFields: {
        title: 'title',
        accessibilityNotes: 'accessibilityNotes',
        tags: 'tags.1',
        'tasks.2.hint': 'tasks.1.hint',
        'tasks.0.description': 'tasks.0',
        'tips.1.text': 'tips.0',
      },
      unplaced: ['tasks.5.description', 'photos'],
    });
    expect(placeEditErrors([error('tasks')], form).onFields).toEqual({ 'tasks.0.description': 'tasks' });
  });
});
