import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/info/legal-page.tsx';

export const Route = createFileRoute('/privacy')({ component: () => <LegalPage document="privacy" /> });
