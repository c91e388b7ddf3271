import { createFileRoute } from '@tanstack/react-router';
import { ExplorePage } from '../features/explore/explore-page.tsx';

export const Route = createFileRoute('/explore')({ component: ExplorePage });
