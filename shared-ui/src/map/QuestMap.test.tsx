import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import QuestMap, { DOUBLE_CLICK_MS, type QuestMapProps } from './QuestMap.tsx';

// MapLibre needs WebGL, which jsdom lacks: the stand-in records the props the map gets, the camera calls made on
// it and how many maps were created (the real component creates one when it mounts).
const fake = vi.hoisted(() => ({
  props: {} as Record<string, unknown>,
  created: 0,
  camera: { flyTo: vi.fn(), jumpTo: vi.fn(), fitBounds: vi.fn() },
}));

vi.mock('maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url', () => ({ default: '/worker.js' }));
vi.mock('react-map-gl/maplibre', async () => {
  const { forwardRef, useEffect, useImperativeHandle } = await import('react');
  const Pass = ({ children }: { children?: ReactNode }) => <>{children}</>;
  type Props = { children?: ReactNode; cursor?: string };
  const MapGL = forwardRef<unknown, Props>(function FakeMap(props, ref) {
    fake.props = props as Record<string, unknown>;
    useImperativeHandle(ref, () => fake.camera, []);
    useEffect(() => {
      fake.created += 1;
    }, []);
    return (
      <div data-testid="maplibre" style={{ cursor: props.cursor }}>
        {props.children}
      </div>
    );
  });
  return {
    default: MapGL,
    Layer: () => null,
    Marker: Pass,
    NavigationControl: () => null,
    Popup: Pass,
    Source: Pass,
  };
});

const DELHI = { lat: 28.6139, lng: 77.209 };
const GARDEN = { lat: 28.5933, lng: 77.2197 };

function renderMap(props: Partial<QuestMapProps> = {}) {
  const all: QuestMapProps = { ariaLabel: 'Map of the quest route', center: DELHI, zoom: 13, ...props };
  const view = render(<QuestMap {...all} />);
  return {
    ...view,
    update: (changes: Partial<QuestMapProps>) => view.rerender(<QuestMap {...all} {...changes} />),
  };
}

const click = (event: object) => act(() => (fake.props.onClick as (event: object) => Promise<void>)(event));
const waitOutDoubleClick = () =>
  act(() => new Promise((resolve) => setTimeout(resolve, DOUBLE_CLICK_MS + 50)));
const moveEnd = (event: object) => (fake.props.onMoveEnd as (event: object) => void)(event);
const personMovedTo = (lat: number, lng: number, zoom: number) =>
  moveEnd({
    originalEvent: new MouseEvent('mouseup'),
    target: { getCenter: () => ({ lat, lng }), getZoom: () => zoom },
  });

const { flyTo, jumpTo, fitBounds } = fake.camera;
beforeEach(() => {
  fake.created = 0;
  flyTo.mockClear();
  jumpTo.mockClear();
  fitBounds.mockClear();
});
const matchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = matchMedia;
});

describe('QuestMap view', () => {
  it('starts at center and zoom, then flies the same map to a changed view', () => {
    const { update } = renderMap();
    expect(fake.props.initialViewState).toEqual({ latitude: 28.6139, longitude: 77.209, zoom: 13 });
    const element = screen.getByTestId('maplibre');
    expect(flyTo).not.toHaveBeenCalled();

    update({ center: GARDEN, zoom: 15 });
    expect(flyTo).toHaveBeenCalledExactlyOnceWith({ center: [77.2197, 28.5933], zoom: 15 });
    expect(screen.getByTestId('maplibre')).toBe(element);
    expect(fake.created).toBe(1);

    update({ center: GARDEN, zoom: 18 });
    expect(flyTo).toHaveBeenLastCalledWith({ center: [77.2197, 28.5933], zoom: 18 });
    expect(flyTo).toHaveBeenCalledTimes(2);
    expect(fake.created).toBe(1);
  });

  it('does not move for a new center object with the same coordinates', () => {
    const { update } = renderMap();
    update({ center: { ...DELHI } });
    expect(flyTo).not.toHaveBeenCalled();
    expect(jumpTo).not.toHaveBeenCalled();
  });

  it('jumps instead of flying when the person prefers reduced motion', () => {
    window.matchMedia = (query: string) =>
      ({ matches: query === '(prefers-reduced-motion: reduce)', media: query }) as MediaQueryList;
    const { update } = renderMap();
    update({ center: GARDEN, zoom: 16 });
    expect(jumpTo).toHaveBeenCalledExactlyOnceWith({ center: [77.2197, 28.5933], zoom: 16 });
    expect(flyTo).not.toHaveBeenCalled();
  });

  it("reports the person's own moves, and a caller in step can send the map back", () => {
    const onViewChange = vi.fn();
    const { update } = renderMap({ center: GARDEN, zoom: 18, onViewChange });
    // The end of a move the map was sent on is not the person's.
    moveEnd({ target: { getCenter: () => GARDEN, getZoom: () => 18 } });
    expect(onViewChange).not.toHaveBeenCalled();

    personMovedTo(28.6, 77.25, 14);
    expect(onViewChange).toHaveBeenCalledExactlyOnceWith({ center: { lat: 28.6, lng: 77.25 }, zoom: 14 });
    update({ center: { lat: 28.6, lng: 77.25 }, zoom: 14 });
    expect(flyTo).not.toHaveBeenCalled();

    update({ center: GARDEN, zoom: 18 });
    expect(flyTo).toHaveBeenCalledExactlyOnceWith({ center: [77.2197, 28.5933], zoom: 18 });
  });
});

describe('QuestMap bounds', () => {
  const ROUTE: [[number, number], [number, number]] = [
    [77.2205, 28.5861],
    [77.2247, 28.5884],
  ];

  it('starts framing the box with padding, never closer than zoom', () => {
    renderMap({ center: GARDEN, zoom: 15, bounds: ROUTE });
    expect(fake.props.initialViewState).toEqual({
      latitude: 28.5933,
      longitude: 77.2197,
      zoom: 15,
      bounds: ROUTE,
      fitBoundsOptions: { padding: 48, maxZoom: 15 },
    });
    expect(fitBounds).not.toHaveBeenCalled();
  });

  it('frames a box again only when it reaches outside the last one framed', () => {
    const { update } = renderMap({ center: GARDEN, zoom: 15, bounds: ROUTE });
    update({
      center: GARDEN,
      zoom: 15,
      bounds: [
        [77.221, 28.587],
        [77.224, 28.588],
      ],
    });
    expect(fitBounds).not.toHaveBeenCalled();

    const wider: [[number, number], [number, number]] = [
      [77.2, 28.5861],
      [77.2247, 28.6],
    ];
    update({ center: GARDEN, zoom: 15, bounds: wider });
    expect(fitBounds).toHaveBeenCalledExactlyOnceWith(wider, { padding: 48, maxZoom: 15, animate: true });
    expect(flyTo).not.toHaveBeenCalled();
    expect(fake.created).toBe(1);
  });

  it('frames without animation when the person prefers reduced motion', () => {
    window.matchMedia = (query: string) =>
      ({ matches: query === '(prefers-reduced-motion: reduce)', media: query }) as MediaQueryList;
    const { update } = renderMap({ center: GARDEN, zoom: 15 });
    update({ center: GARDEN, zoom: 15, bounds: ROUTE });
    expect(fitBounds).toHaveBeenCalledExactlyOnceWith(ROUTE, { padding: 48, maxZoom: 15, animate: false });
  });
});

describe('QuestMap clicks', () => {
  it('hands the clicked coordinates to onMapClick and shows a crosshair', async () => {
    const onMapClick = vi.fn();
    renderMap({ onMapClick });
    expect(screen.getByTestId('maplibre')).toHaveStyle({ cursor: 'crosshair' });
    await click({ features: [], lngLat: { lat: 28.59, lng: 77.22 } });
    // Not yet: the click could still be the first of a double click.
    expect(onMapClick).not.toHaveBeenCalled();
    await waitOutDoubleClick();
    expect(onMapClick).toHaveBeenCalledExactlyOnceWith({ lat: 28.59, lng: 77.22 });
  });

  it('picks no point for a double click, which zooms the map instead', async () => {
    const onMapClick = vi.fn();
    renderMap({ onMapClick });
    await click({ features: [], lngLat: { lat: 28.59, lng: 77.22 } });
    await click({ features: [], lngLat: { lat: 28.59, lng: 77.22 } });
    await waitOutDoubleClick();
    expect(onMapClick).not.toHaveBeenCalled();
  });

  it('picks a point for each of two clicks further apart than a double click', async () => {
    const onMapClick = vi.fn();
    renderMap({ onMapClick });
    await click({ features: [], lngLat: { lat: 28.59, lng: 77.22 } });
    await waitOutDoubleClick();
    await click({ features: [], lngLat: { lat: 28.6, lng: 77.23 } });
    await waitOutDoubleClick();
    expect(onMapClick.mock.calls).toEqual([[{ lat: 28.59, lng: 77.22 }], [{ lat: 28.6, lng: 77.23 }]]);
  });

  it('hands a click to the handler of the latest render, or to none once it is gone', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const { update } = renderMap({ onMapClick: first });
    await click({ features: [], lngLat: { lat: 28.59, lng: 77.22 } });
    update({ onMapClick: second });
    await waitOutDoubleClick();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledExactlyOnceWith({ lat: 28.59, lng: 77.22 });

    await click({ features: [], lngLat: { lat: 28.6, lng: 77.23 } });
    update({ onMapClick: undefined });
    await waitOutDoubleClick();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('keeps the pointer and the quest popup for maps without onMapClick', async () => {
    renderMap({
      quests: [{ id: 'q1', title: 'Murals of Lodhi Colony', difficulty: 'Easy', ...GARDEN }],
      renderQuestPopup: (quest) => <p>{quest.title}</p>,
    });
    expect(screen.getByTestId('maplibre')).toHaveStyle({ cursor: 'pointer' });
    await click({ features: [], lngLat: GARDEN });
    expect(screen.queryByText('Murals of Lodhi Colony')).not.toBeInTheDocument();
    await click({
      features: [{ layer: { id: 'quest-points' }, properties: { id: 'q1' } }],
      lngLat: GARDEN,
    });
    expect(await screen.findByText('Murals of Lodhi Colony')).toBeInTheDocument();
  });

  it('opens a quest rather than picking a point when a quest marker is clicked', async () => {
    const onMapClick = vi.fn();
    renderMap({
      onMapClick,
      quests: [{ id: 'q1', title: 'Murals of Lodhi Colony', difficulty: 'Easy', ...GARDEN }],
      renderQuestPopup: (quest) => <p>{quest.title}</p>,
    });
    await click({
      features: [{ layer: { id: 'quest-points' }, properties: { id: 'q1' } }],
      lngLat: GARDEN,
    });
    expect(await screen.findByText('Murals of Lodhi Colony')).toBeInTheDocument();
    await waitOutDoubleClick();
    expect(onMapClick).not.toHaveBeenCalled();
  });
});
