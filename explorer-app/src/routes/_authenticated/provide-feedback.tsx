import { createFileRoute } from '@tanstack/react-router';
import { FeedbackPage } from '../../features/support/feedback-page.tsx';

export const Route = createFileRoute('/_authenticated/provide-feedback')({ component: FeedbackPage });
