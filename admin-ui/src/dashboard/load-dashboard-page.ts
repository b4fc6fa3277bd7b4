/** The dashboard's code, fetched the first time this is called: by its route, or early by the login form. */
export const loadDashboardPage = () => import('./DashboardPage');
