import PeopleIcon from '@mui/icons-material/People';
import { CssBaseline } from '@mui/material';
import { type ReactElement, type ReactNode, Suspense, useState } from 'react';
import {
  AdminContext,
  CoreAdminUI,
  CustomRoutes,
  Loading,
  LoadingPage,
  localStorageStore,
  Resource,
} from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { AccessDeniedPage } from './common/AccessDeniedPage';
import { AdminOnly } from './common/AdminOnly';
import { AuthenticationErrorPage } from './common/AuthenticationErrorPage';
import { ErrorPage } from './common/ErrorPage';
import { lazyScreen, lazySlice } from './common/lazy-screen';
import { NotFoundPage } from './common/NotFoundPage';
import { RowTooltipLayer } from './common/RowTooltipLayer';
import { dataProvider } from './dataProvider';
import { queryClient } from './dataProvider/query-client';
import { i18nProvider } from './i18n/i18nProvider';
import { appName } from './i18n/messages';
import { PortalLayout } from './layout/Layout';
import { PortalNotification } from './layout/Notification';
import { theme } from './layout/theme';
import { LogoutPage } from './login/LogoutPage';
import { currentSession, homePathOf } from './session';
import { latestTicketsQuery } from './tickets/dashboard/dashboard-queries';
import { firstPage } from './tickets/dashboard/dashboard-ticket';
import { LazyDashboardPage } from './tickets/dashboard/lazy-dashboard-page';

/**
 * The dashboard, whose Active list is asked for as the route renders rather than once the layout and the
 * whole screen have mounted (the list's own query would wait for that), so the two overlap after login.
 */
const StaffDashboardPage = () => {
  useState(() => queryClient.prefetchQuery(latestTicketsQuery('active', firstPage)));
  return <LazyDashboardPage />;
};

/** An auditor, whose role may not read the dashboard's lists, is taken to the Audit page instead (a bookmark). */
const DashboardPage = () => {
  const home = homePathOf(currentSession()?.role);
  return home === '/dashboard' ? <StaffDashboardPage /> : <Navigate to={home} replace />;
};
const ScalePage = lazyScreen(() => import('./scales/ScalePage').then((m) => m.ScalePage));
const ReportsPage = lazyScreen(() => import('./reports/ReportsPage').then((m) => m.ReportsPage));
const HaulageRecordPage = lazyScreen(() =>
  import('./tickets/haulage/HaulageRecordPage').then((m) => m.HaulageRecordPage),
);
const HaulageReportPage = lazyScreen(() =>
  import('./tickets/haulage/HaulageReportPage').then((m) => m.HaulageReportPage),
);
const DigitalTicketPage = lazyScreen(() =>
  import('./tickets/records/DigitalTicketPage').then((m) => m.DigitalTicketPage),
);
const PrintRecordPage = lazyScreen(() =>
  import('./tickets/records/PrintRecordPage').then((m) => m.PrintRecordPage),
);
const TruckDispatchPage = lazyScreen(() => import('./tickets/dispatch').then((m) => m.default.page));
const tickets = lazySlice(() => import('./tickets').then((m) => m.default), ['page', 'log', 'audit']);
const audit = lazySlice(() => import('./audit').then((m) => m.default), ['page']);
const contractors = lazySlice(
  () => import('./contractors').then((m) => m.default),
  ['list', 'create', 'edit'],
);
const contractorContacts = lazySlice(
  () => import('./contractors').then((m) => m.default.contacts),
  ['create', 'edit'],
);
const projects = lazySlice(() => import('./projects').then((m) => m.default), ['create', 'edit', 'log']);
const transports = lazySlice(() => import('./transports').then((m) => m.default), ['list', 'create', 'edit']);
const transportContacts = lazySlice(
  () => import('./transports').then((m) => m.default.contacts),
  ['create', 'edit'],
);
const trucks = lazySlice(() => import('./trucks').then((m) => m.default), ['create', 'edit']);
const materials = lazySlice(() => import('./materials').then((m) => m.default), ['list', 'screen']);
const scales = lazySlice(() => import('./scales').then((m) => m.default), ['list', 'screen']);
const settings = lazySlice(() => import('./settings').then((m) => m.default), ['page']);
const users = lazySlice(() => import('./users').then((m) => m.default), ['list', 'create', 'edit']);
const outbox = lazySlice(() => import('./mail').then((m) => m.default), ['list', 'mail']);
const integrations = lazySlice(() => import('./integrations').then((m) => m.default), ['page', 'deliveries']);

/** Pages without the layout wait for their code here; the layout has its own Suspense for the others. */
const Standalone = ({ children }: { children: ReactElement }) => (
  <Suspense fallback={<Loading />}>{children}</Suspense>
);

// Its own chunk too: a signed-in user opening a bookmark never needs the login form's code (nor its form
// fields), so the first screen's JavaScript leaves it out.
const LoginPage = lazyScreen(() => import('./login/LoginPage').then((m) => m.LoginPage));

const PortalLoginPage = () => (
  <Standalone>
    <LoginPage />
  </Standalone>
);

/**
 * The administrators' screens at the spec's paths, each behind AdminOnly, grouped by the access
 * check's resource name (authProvider), which is not the data provider's. Users live at /user/new and
 * /user/{id}, not react-admin's /users/create and /users/{id}; the outbox keeps the mails embedded mode does
 * not send.
 */
const administratorScreens: Record<string, Record<string, ReactElement>> = {
  contractors: {
    '/contractors': <contractors.list />,
    '/contractor-company/new': <contractors.create />,
    '/contractor-company/:id': <contractors.edit />,
    '/contacts/new/contractor-company/:companyId': <contractorContacts.create />,
    '/contacts/:id/contractor-company/:companyId': <contractorContacts.edit />,
    '/projects/new/contractor-company/:companyId': <projects.create />,
    '/projects/:id/contractor-company/:companyId': <projects.edit />,
    '/project-log/:id': <projects.log />,
  },
  transports: {
    '/transports': <transports.list />,
    '/transport-company/new': <transports.create />,
    '/transport-company/:id': <transports.edit />,
    '/contacts/new/transport-company/:companyId': <transportContacts.create />,
    '/contacts/:id/transport-company/:companyId': <transportContacts.edit />,
    '/trucks/new/transport-company/:companyId': <trucks.create />,
    '/trucks/:id/transport-company/:companyId': <trucks.edit />,
  },
  materials: {
    '/materials': <materials.list />,
    '/material/new': <materials.screen kind="materials" mode="create" />,
    '/material/:id': <materials.screen kind="materials" mode="edit" />,
    '/material-type/new': <materials.screen kind="materialTypes" mode="create" />,
    '/material-type/:id': <materials.screen kind="materialTypes" mode="edit" />,
  },
  scales: {
    '/scales': <scales.list />,
    '/scales/new': <scales.screen mode="create" />,
    '/scales/:id': <scales.screen mode="edit" />,
  },
  settings: { '/settings': <settings.page /> },
  users: { '/user/new': <users.create />, '/user/:id': <users.edit /> },
  outbox: { '/outbox': <outbox.list />, '/outbox/:id': <outbox.mail /> },
  integrations: {
    '/integrations': <integrations.page />,
    '/integrations/:id/deliveries': <integrations.deliveries />,
  },
  reports: { '/reports': <ReportsPage /> },
};

/** The screens administrators and auditors share (authProvider's audit resources). */
const auditScreens: Record<string, Record<string, ReactElement>> = {
  audit: { '/audit': <audit.page /> },
  ticketAudit: { '/ticket-audit/:id': <tickets.audit /> },
};

const store = localStorageStore();

/**
 * react-admin's <Admin>, composed of its parts with the portal's screens: <Admin> names a default for every
 * screen the portal replaces (its login form, layout, English messages), and its code would be loaded first
 * with every visit although never shown.
 */
const PortalAdmin = ({ children }: { children: ReactNode }) => (
  <AdminContext
    authProvider={authProvider}
    dataProvider={dataProvider}
    queryClient={queryClient}
    i18nProvider={i18nProvider}
    store={store}
    theme={theme}
  >
    <CssBaseline enableColorScheme>
      <CoreAdminUI
        title={appName}
        layout={PortalLayout}
        loginPage={PortalLoginPage}
        accessDenied={AccessDeniedPage}
        authenticationError={AuthenticationErrorPage}
        catchAll={NotFoundPage}
        error={ErrorPage}
        loading={LoadingPage}
        requireAuth
        disableTelemetry
      >
        {children}
      </CoreAdminUI>
      <PortalNotification />
      <RowTooltipLayer />
    </CssBaseline>
  </AdminContext>
);

/**
 * Real paths, as the spec names them: a BrowserRouter, not hash routing. The API serves
 * index.html for every non-/api path so that a reload on /user/12 lands here.
 */
export const App = () => (
  <BrowserRouter>
    <PortalAdmin>
      <CustomRoutes noLayout>
        {/* Public: the site root is the login form too; /logout reloads the app at the root. */}
        <Route path="/" element={<PortalLoginPage />} />
        <Route path="/logout" element={<LogoutPage />} />
        {/* Public too: with ?hash=… a ticket opens without login; without, the page itself requires a session. */}
        <Route
          path="/ticket/:id"
          element={
            <Standalone>
              <tickets.page />
            </Standalone>
          }
        />
        {/* Printable: their own frame, no menu or app bar; each page requires a session itself. */}
        <Route
          path="/digital-ticket/:id"
          element={
            <Standalone>
              <DigitalTicketPage />
            </Standalone>
          }
        />
        <Route
          path="/print-record/:id"
          element={
            <Standalone>
              <PrintRecordPage />
            </Standalone>
          }
        />
        {/* With ?hash=… the haulage record opens without a session (the digital ticket's QR code). */}
        <Route
          path="/haulage-record/:id"
          element={
            <Standalone>
              <HaulageRecordPage />
            </Standalone>
          }
        />
        <Route
          path="/report/haulage-record/:projectId"
          element={
            <Standalone>
              <HaulageReportPage />
            </Standalone>
          }
        />
        {/* The driver's page from the ticket's link: the hash, never a session, opens it; not in the menu. */}
        <Route
          path="/truck-dispatch/:id"
          element={
            <Standalone>
              <TruckDispatchPage />
            </Standalone>
          }
        />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/scale" element={<ScalePage />} />
        <Route path="/ticket-log/:id" element={<tickets.log />} />
        {Object.entries({ ...administratorScreens, ...auditScreens }).flatMap(([resource, screens]) =>
          Object.entries(screens).map(([path, element]) => (
            <Route key={path} path={path} element={<AdminOnly resource={resource}>{element}</AdminOnly>} />
          )),
        )}
      </CustomRoutes>
      <Resource
        name="users"
        list={
          <AdminOnly resource="users">
            <users.list />
          </AdminOnly>
        }
        icon={PeopleIcon}
        recordRepresentation="username"
      />
    </PortalAdmin>
  </BrowserRouter>
);
