import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { AccessDeniedPage } from './common/AccessDeniedPage';
import { AdminOnly } from './common/AdminOnly';
import { UpcomingScreen } from './common/UpcomingScreen';
import contractors from './contractors';
import { DashboardPage } from './dashboard/DashboardPage';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { PortalLayout } from './layout/Layout';
import { PortalNotification } from './layout/Notification';
import { theme } from './layout/theme';
import { LoginPage } from './login/LoginPage';
import { LogoutPage } from './login/LogoutPage';
import outbox from './mail';
import materials from './materials';
import projects from './projects';
import { ScalePage } from './scale/ScalePage';
import settings from './settings';
import tickets from './tickets';
import transports from './transports';
import trucks from './trucks';
import users from './users';

/** Administrators' screens that a later release fills in; until then each says so, and only to administrators. */
const upcomingAdministratorScreens = [
  { path: '/reports', resource: 'reports', title: 'portal.menu.reports' },
];

/**
 * Contractors, projects, transports, trucks, materials and settings at the spec's paths (section 2), each
 * behind AdminOnly; the `resource` is the access check's name (authProvider), not the data provider's.
 */
const referenceDataScreens = [
  { path: '/contractors', resource: 'contractors', element: <contractors.list /> },
  { path: '/contractor-company/new', resource: 'contractors', element: <contractors.create /> },
  { path: '/contractor-company/:id', resource: 'contractors', element: <contractors.edit /> },
  {
    path: '/contacts/new/contractor-company/:companyId',
    resource: 'contractors',
    element: <contractors.contacts.create />,
  },
  {
    path: '/contacts/:contactId/contractor-company/:companyId',
    resource: 'contractors',
    element: <contractors.contacts.edit />,
  },
  {
    path: '/projects/new/contractor-company/:companyId',
    resource: 'contractors',
    element: <projects.create />,
  },
  {
    path: '/projects/:id/contractor-company/:companyId',
    resource: 'contractors',
    element: <projects.edit />,
  },
  { path: '/project-log/:id', resource: 'contractors', element: <projects.log /> },
  { path: '/transports', resource: 'transports', element: <transports.list /> },
  { path: '/transport-company/new', resource: 'transports', element: <transports.create /> },
  { path: '/transport-company/:id', resource: 'transports', element: <transports.edit /> },
  {
    path: '/contacts/new/transport-company/:companyId',
    resource: 'transports',
    element: <transports.contacts.create />,
  },
  {
    path: '/contacts/:contactId/transport-company/:companyId',
    resource: 'transports',
    element: <transports.contacts.edit />,
  },
  { path: '/trucks/new/transport-company/:companyId', resource: 'transports', element: <trucks.create /> },
  { path: '/trucks/:truckId/transport-company/:companyId', resource: 'transports', element: <trucks.edit /> },
  { path: '/materials', resource: 'materials', element: <materials.list /> },
  { path: '/material/new', resource: 'materials', element: <materials.create kind="materials" /> },
  { path: '/material/:id', resource: 'materials', element: <materials.edit kind="materials" /> },
  { path: '/material-type/new', resource: 'materials', element: <materials.create kind="materialTypes" /> },
  { path: '/material-type/:id', resource: 'materials', element: <materials.edit kind="materialTypes" /> },
  { path: '/settings', resource: 'settings', element: <settings.page /> },
];

/** The mails embedded mode keeps instead of sending them (exports, reports): administrators only. */
const outboxScreens = [
  { path: '/outbox', resource: 'outbox', element: <outbox.list /> },
  { path: '/outbox/:id', resource: 'outbox', element: <outbox.mail /> },
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
        {/* Public too: with ?hash=… a ticket opens without login; without, the page itself requires a session. */}
        <Route path="/ticket/:id" element={<tickets.page />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/scale" element={<ScalePage />} />
        <Route path="/ticket-log/:id" element={<tickets.log />} />
        <Route
          path="/ticket-audit/:id"
          element={
            <AdminOnly resource="ticketAudit">
              <tickets.audit />
            </AdminOnly>
          }
        />
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
        {[...referenceDataScreens, ...outboxScreens].map(({ path, resource, element }) => (
          <Route key={path} path={path} element={<AdminOnly resource={resource}>{element}</AdminOnly>} />
        ))}
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
