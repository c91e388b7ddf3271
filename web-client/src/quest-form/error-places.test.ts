import { describe, expect, it } from 'vitest';
import { errorPlaceOf, placeFieldErrors, QUEST_TEXT_ERROR_PLACES } from './error-places.ts';
import { QUEST_TEXT_FIELDS } from './quest-text-fields.ts';

describe('placing server field errors', () => {
  it('shows each text field error under its own box', () => {
    expect(Object.keys(QUEST_TEXT_ERROR_PLACES)).toEqual(QUEST_TEXT_FIELDS);
    for (const field of QUEST_TEXT_FIELDS) expect(QUEST_TEXT_ERROR_PLACES[field]).toBe(field);
  });

  it("places a server error by its field's first part, or nowhere", () => {
    const places = { title: 'title', tags: 'tagsText', waypoints: null } as const;
    expect(errorPlaceOf(places, 'title')).toBe('title');
    expect(errorPlaceOf(places, 'tags.2')).toBe('tagsText');
    expect(errorPlaceOf(places, 'waypoints.0.lat')).toBeNull();
    expect(errorPlaceOf(places, 'toString')).toBeNull();
    expect(errorPlaceOf(places, 'body')).toBeNull();
  });

  it('keeps the first message of each box and leaves the rest for the banner', () => {
    const placed = placeFieldErrors(
      [
        { field: 'title', message: 'Too long' },
        { field: 'title', message: 'Blank' },
        { field: 'waypoints.0', message: 'Out of range' },
      ],
      (field) => (field === 'title' ? 'title' : null),
    );
    expect(placed).toEqual({ onFields: { title: 'Too long' }, unplaced: ['Out of range'] });
  });
});
