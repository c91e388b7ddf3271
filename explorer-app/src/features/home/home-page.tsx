import { useAuthStore } from '../../lib/auth-store.ts';
import { HomeDashboard } from './home-dashboard.tsx';
import { LandingPage } from './landing-page.tsx';

export function HomePage() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  return isAuthenticated ? <HomeDashboard /> : <LandingPage />;
}
