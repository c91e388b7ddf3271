import { createFileRoute } from '@tanstack/react-router';
import { ChatWithUsPage } from '../../features/support/chat-with-us-page.tsx';

export const Route = createFileRoute('/_authenticated/chat-support')({ component: ChatWithUsPage });
