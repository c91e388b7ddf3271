import { useSignedIn } from '../../lib/auth-api.ts';
import { HomeDashboard } from './home-dashboard.tsx';
import { LandingPage } from './landing-page.tsx';

export function HomePage() {
  const isAuthenticated = useSignedIn();
  return isAuthenticated ? <HomeDashboard /> : <LandingPage />;
}
