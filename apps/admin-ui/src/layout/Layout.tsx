import { styled } from '@mui/material/styles';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Loading, Sidebar, SkipNavigationButton, useLogout, useNotify } from 'react-admin';
import { ErrorBoundary } from 'react-error-boundary';
import { ErrorPage } from '../common/ErrorPage';
import { ScaleAlertToasts } from '../scales/ScaleAlertToasts';
import { currentSession } from '../session';
import { PortalAppBar } from './AppBar';
import { PortalMenu } from './Menu';

// setTimeout fires at once beyond 2^31-1 ms (about 24.8 days); longer sessions re-arm on the next visit.
const MAX_TIMER_DELAY = 2 ** 31 - 1;

/** The session ends at the token's expiry, even while the user sits on a page. */
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

/** react-admin's Layout frame, classes and spacing, so screens and themes style it alike. */
const Frame = styled('div', { name: 'RaLayout', overridesResolver: (_props, styles) => styles.root })(
  ({ theme }) => ({
    display: 'flex',
    flexDirection: 'column',
    zIndex: 1,
    minHeight: '100vh',
    backgroundColor: theme.palette.background.default,
    position: 'relative',
    minWidth: 'fit-content',
    width: '100%',
    '& .RaLayout-appFrame': {
      display: 'flex',
      flexDirection: 'column',
      flexGrow: 1,
      marginTop: theme.spacing(6),
      [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
    },
    '& .RaLayout-contentWithSidebar': {
      display: 'flex',
      flexGrow: 1,
      transition: theme.transitions.create('margin', {
        easing: theme.transitions.easing.easeOut,
        duration: theme.transitions.duration.enteringScreen,
      }),
    },
    '& .RaLayout-content': {
      backgroundColor: theme.palette.background.default,
      zIndex: 2,
      display: 'flex',
      flexDirection: 'column',
      flexGrow: 1,
      flexBasis: 0,
      padding: 0,
      paddingRight: theme.spacing(1),
      paddingLeft: theme.spacing(1),
    },
  }),
);

/**
 * The signed-in frame: app bar, drawer and the screen. react-admin's <Layout> also mounts its preferences
 * inspector, whose editors (every MUI text field and select) would join the first load of every screen,
 * although the portal offers no preferences to edit.
 */
export const PortalLayout = ({ children }: { children: ReactNode }) => {
  useEndSessionAtExpiry();
  return (
    <Frame className="layout">
      <SkipNavigationButton />
      <ScaleAlertToasts />
      <div className="RaLayout-appFrame">
        <PortalAppBar />
        <main className="RaLayout-contentWithSidebar">
          <Sidebar>
            <PortalMenu />
          </Sidebar>
          <div id="main-content" className="RaLayout-content">
            <ErrorBoundary FallbackComponent={ErrorPage}>
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </ErrorBoundary>
          </div>
        </main>
      </div>
    </Frame>
  );
};
