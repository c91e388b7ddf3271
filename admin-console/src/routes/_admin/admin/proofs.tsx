import { createFileRoute } from '@tanstack/react-router';
import { ProofsPage } from '../../../features/proofs/proofs-page.tsx';

export const Route = createFileRoute('/_admin/admin/proofs')({ component: ProofsPage });
