import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { AccessDeniedPage } from './common/AccessDeniedPage';
import { AdminOnly } from './common/AdminOnly';
import { UpcomingScreen } from './common/UpcomingScreen';
import { DashboardPage } from './dashboard/DashboardPage';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { PortalLayout } from './layout/Layout';
import { PortalNotification } from './layout/Notification';
import { theme } from './layout/theme';
import { LoginPage } from './login/LoginPage';
import { LogoutPage } from './login/LogoutPage';
import { ScalePage } from './scale/ScalePage';
import users from './users';

/** Administrators' screens that a later release fills in; until then each says so, and only to administrators. */
const upcomingAdministratorScreens = [
  { path: '/contractors', resource: 'contractors', title: 'portal.menu.contractors' },
  { path: '/transports', resource: 'transports', title: 'portal.menu.transports' },
  { path: '/materials', resource: 'materials', title: 'portal.menu.materials' },
  { path: '/reports', resource: 'reports', title: 'portal.menu.reports' },
];

/**
 * Real paths, as the spec names them (section 2): a BrowserRouter, not hash routing. The API serves
 * index.html for every non-/api path so that a reload on /user/12 lands here.
 */
export const App = () => (
  <BrowserRouter>
    <Admin
      title="portal.appName"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      layout={PortalLayout}
      loginPage={LoginPage}
      notification={PortalNotification}
      accessDenied={AccessDeniedPage}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        {/* Public: the site root is the login form too; /logout reloads the app at the root. */}
        <Route path="/" element={<LoginPage />} />
        <Route path="/logout" element={<LogoutPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/scale" element={<ScalePage />} />
        {/* The spec's user form lives at /user/new and /user/{id}, not react-admin's /users/create and /users/{id}. */}
        <Route
          path="/user/new"
          element={
            <AdminOnly resource="users">
              <users.create />
            </AdminOnly>
          }
        />
        <Route
          path="/user/:id"
          element={
            <AdminOnly resource="users">
              <users.edit />
            </AdminOnly>
          }
        />
        {upcomingAdministratorScreens.map(({ path, resource, title }) => (
          <Route
            key={path}
            path={path}
            element={
              <AdminOnly resource={resource}>
                <UpcomingScreen title={title} />
              </AdminOnly>
            }
          />
        ))}
      </CustomRoutes>
      <Resource
        name="users"
        list={
          <AdminOnly resource="users">
            <users.list />
          </AdminOnly>
        }
        icon={users.icon}
        recordRepresentation="username"
      />
    </Admin>
  </BrowserRouter>
);
