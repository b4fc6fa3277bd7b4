import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Layout, useLogout, useNotify } from 'react-admin';
import { currentSession } from '../session';
import { PortalAppBar } from './AppBar';
import { PortalMenu } from './Menu';

// setTimeout fires at once beyond 2^31-1 ms (about 24.8 days); longer sessions re-arm on the next visit.
const MAX_TIMER_DELAY = 2 ** 31 - 1;

/** Spec section 4, Session: the session ends at the token's expiry, even while the user sits on a page. */
function useEndSessionAtExpiry() {
  const logout = useLogout();
  const notify = useNotify();
  const expiresAt = currentSession()?.expiresAt;
  useEffect(() => {
    if (expiresAt === undefined) return;
    const timer = setTimeout(
      () => {
        notify('portal.errors.sessionExpired', { type: 'warning' });
        logout();
      },
      Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_DELAY),
    );
    return () => clearTimeout(timer);
  }, [expiresAt, logout, notify]);
}

export const PortalLayout = ({ children }: { children: ReactNode }) => {
  useEndSessionAtExpiry();
  return (
    <Layout appBar={PortalAppBar} menu={PortalMenu}>
      {children}
    </Layout>
  );
};
