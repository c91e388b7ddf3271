import { createFileRoute } from '@tanstack/react-router';
import { CompassPage } from '../features/info/compass-page.tsx';

export const Route = createFileRoute('/compass')({ component: CompassPage });
