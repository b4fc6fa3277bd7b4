import { lazyScreen } from '../../common/lazy-screen';

/** The dashboard in its own chunk: its route renders it, and the login form early, hidden. */
export const LazyDashboardPage = lazyScreen(() => import('./DashboardPage').then((m) => m.DashboardPage));
