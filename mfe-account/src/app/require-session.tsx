import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useIsLoggedIn } from '@meridian/platform';

/** Account screens need a session; a visitor goes to the login page and comes back after. */
export function RequireSession() {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!loggedIn) return <Navigate to={`/pass/login?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  return <Outlet />;
}
