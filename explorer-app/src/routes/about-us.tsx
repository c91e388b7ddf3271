import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/info/about-page.tsx';

export const Route = createFileRoute('/about-us')({ component: AboutPage });
