import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../../features/users/users-page.tsx';

export const Route = createFileRoute('/_admin/admin/users')({ component: UsersPage });
