import { settledOnce } from '../common/settled-once';

/** The dashboard's code, fetched the first time this is called: by its route, or early by the login form. */
export const loadDashboardPage = settledOnce(() => import('./DashboardPage').then((m) => m.DashboardPage));
