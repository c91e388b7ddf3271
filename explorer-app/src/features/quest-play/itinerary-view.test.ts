import { describe, expect, it } from 'vitest';
import { itineraryView, PLAY_ZOOM } from './itinerary-view.ts';

const START = { lat: 28.5879, lng: 77.2205, name: 'Lodhi Colony Market' };
const STOP = { lat: 28.5884, lng: 77.2215, name: 'Blue Elephant' };
const END = { lat: 28.5861, lng: 77.2247, name: 'Meherchand Market' };
const DELHI = { lat: 28.6139, lng: 77.209 };

const inside = (view: ReturnType<typeof itineraryView>, point: { lat: number; lng: number }) => {
  if (!view.bounds) return false;
  const [[west, south], [east, north]] = view.bounds;
  return point.lng >= west && point.lng <= east && point.lat >= south && point.lat <= north;
};

describe('itineraryView', () => {
  it('frames the start, every stop and the end, at zoom 15 at the closest', () => {
    const view = itineraryView([START, STOP, END], null, DELHI);
    expect(view.zoom).toBe(PLAY_ZOOM);
    expect(view.center).toEqual(START);
    for (const point of [START, STOP, END]) expect(inside(view, point)).toBe(true);
    expect(view.bounds).toEqual([
      [77.2205, 28.5861],
      [77.2247, 28.5884],
    ]);
  });

  it("takes in the explorer's position, wherever they are", () => {
    const away = { lat: 28.6129, lng: 77.2295 };
    const view = itineraryView([START, STOP, END], away, DELHI);
    for (const point of [START, STOP, END, away]) expect(inside(view, point)).toBe(true);
    expect(view.center).toEqual(START);
  });

  it('needs no box for a single point, and looks at the quest without one', () => {
    expect(itineraryView([START], null, DELHI)).toEqual({ center: START, zoom: PLAY_ZOOM, bounds: null });
    expect(itineraryView([], null, DELHI)).toEqual({ center: DELHI, zoom: PLAY_ZOOM, bounds: null });
    const position = { lat: 28.59, lng: 77.22 };
    expect(itineraryView([], position, DELHI)).toEqual({ center: DELHI, zoom: PLAY_ZOOM, bounds: null });
    expect(inside(itineraryView([START], position, DELHI), position)).toBe(true);
  });
});
