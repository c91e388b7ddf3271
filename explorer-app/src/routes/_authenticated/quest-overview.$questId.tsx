import { createFileRoute } from '@tanstack/react-router';
import { FeatureUnderDevelopmentPage } from '../../features/status-pages/feature-under-development-page.tsx';

export const Route = createFileRoute('/_authenticated/quest-overview/$questId')({
  component: FeatureUnderDevelopmentPage,
});
