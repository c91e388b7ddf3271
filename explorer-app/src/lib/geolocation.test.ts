import { describe, expect, it, vi } from 'vitest';
import {
  CACHE_TTL,
  currentLocation,
  DEFAULT_CENTER,
  distanceMeters,
  LocationError,
  locateDevice,
  POSITION_OPTIONS,
  trackPosition,
} from './geolocation.ts';

type Answer = { accuracy: number; lat?: number } | { code: number };

/** A fake navigator.geolocation answering each getCurrentPosition call in turn. */
function fakeGeo(answers: Answer[]) {
  const requests: PositionOptions[] = [];
  const geo = {
    requests,
    getCurrentPosition: vi.fn(
      (ok: PositionCallback, fail: PositionErrorCallback, options: PositionOptions) => {
        requests.push(options);
        const answer = answers.shift();
        if (!answer) throw new Error('unexpected call');
        if ('code' in answer) fail({ code: answer.code } as GeolocationPositionError);
        else
          ok({
            coords: { latitude: answer.lat ?? 12.97, longitude: 77.59, accuracy: answer.accuracy },
          } as GeolocationPosition);
      },
    ),
    watchPosition: vi.fn(() => 7),
    clearWatch: vi.fn(),
  };
  return geo;
}

describe('locateDevice', () => {
  it('accepts a first fix of 20 m or better at once', async () => {
    const geo = fakeGeo([{ accuracy: 15 }]);
    await expect(locateDevice(geo)).resolves.toMatchObject({ accuracy: 15 });
    expect(geo.requests).toEqual([POSITION_OPTIONS.first]);
  });

  it('tries once more with high accuracy and keeps the better fix', async () => {
    const better = fakeGeo([
      { accuracy: 120, lat: 1 },
      { accuracy: 9, lat: 2 },
    ]);
    await expect(locateDevice(better)).resolves.toMatchObject({ accuracy: 9, lat: 2 });
    expect(better.requests[1]).toEqual(POSITION_OPTIONS.precise);
    const worse = fakeGeo([
      { accuracy: 50, lat: 1 },
      { accuracy: 80, lat: 2 },
    ]);
    await expect(locateDevice(worse)).resolves.toMatchObject({ accuracy: 50, lat: 1 });
  });

  it('falls back to normal accuracy when both attempts time out', async () => {
    const geo = fakeGeo([{ code: 3 }, { code: 3 }, { accuracy: 300 }]);
    await expect(locateDevice(geo)).resolves.toMatchObject({ accuracy: 300 });
    expect(geo.requests[2]).toEqual(POSITION_OPTIONS.fallback);
  });

  it('stops at a refused permission and reports unsupported browsers', async () => {
    await expect(locateDevice(fakeGeo([{ code: 1 }]))).rejects.toEqual(new LocationError('permission'));
    await expect(locateDevice(undefined)).rejects.toEqual(new LocationError('unsupported'));
  });
});

describe('currentLocation', () => {
  it('caches a fix in session storage and reuses it until it is too old', async () => {
    let now = 1_000_000;
    const geo = fakeGeo([
      { accuracy: 10, lat: 19.07 },
      { accuracy: 10, lat: 18.5 },
    ]);
    const first = await currentLocation({
      maxAgeMs: CACHE_TTL.explore,
      geo,
      storage: window.sessionStorage,
      now: () => now,
    });
    expect(first.location).toMatchObject({ lat: 19.07, source: 'gps' });
    expect(JSON.parse(window.sessionStorage.getItem('userLocationData') ?? '{}')).toMatchObject({
      lat: 19.07,
    });
    now += CACHE_TTL.explore - 1;
    expect(
      (await currentLocation({ maxAgeMs: CACHE_TTL.explore, geo, now: () => now })).location.source,
    ).toBe('cache');
    now += 2;
    expect((await currentLocation({ maxAgeMs: CACHE_TTL.explore, geo, now: () => now })).location.lat).toBe(
      18.5,
    );
  });

  it('answers the default centre and the problem when positioning fails', async () => {
    window.sessionStorage.clear();
    const result = await currentLocation({ maxAgeMs: CACHE_TTL.device, geo: fakeGeo([{ code: 1 }]) });
    expect(result.location).toMatchObject({ ...DEFAULT_CENTER, source: 'default' });
    expect(result.problem).toBe('permission');
  });
});

describe('trackPosition', () => {
  it('watches with the tracking options and stops on request or failure', () => {
    const geo = fakeGeo([]);
    const stop = trackPosition(vi.fn(), vi.fn(), geo);
    expect(geo.watchPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      POSITION_OPTIONS.tracking,
    );
    stop();
    expect(geo.clearWatch).toHaveBeenCalledWith(7);
    const onFailure = vi.fn();
    trackPosition(vi.fn(), onFailure, undefined);
    expect(onFailure).toHaveBeenCalledWith('unsupported');
  });
});

describe('distanceMeters', () => {
  it('measures great-circle distance with the 6,371 km earth', () => {
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111_195, 0);
    expect(
      Math.round(distanceMeters({ lat: 28.6139, lng: 77.209 }, { lat: 19.076, lng: 72.8777 }) / 1000),
    ).toBe(1148);
  });
});

describe('locationMessageKey', () => {
  it('names the location message for each problem and context', async () => {
    const { locationMessageKey } = await import('./geolocation.ts');
    const { default: en } = await import('./locales/translation/en.json');
    const lookup = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
    expect(lookup(locationMessageKey('permission', 'map'))).toBe(
      'Permission denied. Please allow location access for better results.',
    );
    expect(lookup(locationMessageKey('timeout', 'positioning'))).toBe(
      'Unable to get your location. Location request timed out.',
    );
    expect(locationMessageKey('unsupported', 'positioning')).toBe('location.positioning.unknown');
  });
});
