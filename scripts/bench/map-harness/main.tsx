// Bench harness (not shipped): the app's own QuestMap with ?count= synthetic quests around New Delhi, in a map
// ?height= tall (the whole window by default).
import QuestMap, { type MapQuest } from '@cityquest/shared-ui/map';
import { createRoot } from 'react-dom/client';

const params = new URLSearchParams(location.search);
const count = Number(params.get('count') ?? 10_000);
const height = params.get('height') ?? '100vh';
const difficulties = ['Easy', 'Medium', 'Hard'] as const;
// A fixed pseudo-random walk so every run draws the same city.
let seed = 42;
const random = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const quests: MapQuest[] = Array.from({ length: count }, (_, index) => ({
  id: String(index),
  title: `Quest ${index}`,
  difficulty: difficulties[index % 3] ?? 'Easy',
  lat: 28.45 + random() * 0.35,
  lng: 77.0 + random() * 0.4,
}));

(window as unknown as { benchStart: number }).benchStart = performance.now();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <QuestMap
      styleUrl="offline"
      center={{ lat: 28.6139, lng: 77.209 }}
      zoom={10}
      height={height}
      quests={quests}
      ariaLabel="Map of quests"
    />,
  );
}
