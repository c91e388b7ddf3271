import { createFileRoute } from '@tanstack/react-router';
import { QuestsPage } from '../../../features/quests/quests-page.tsx';

export const Route = createFileRoute('/_admin/admin/quests')({ component: QuestsPage });
