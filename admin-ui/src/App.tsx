import type { ReactElement } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { AccessDeniedPage } from './common/AccessDeniedPage';
import { AdminOnly } from './common/AdminOnly';
import { NotFoundPage } from './common/NotFoundPage';
import contractors from './contractors';
import { DashboardPage } from './dashboard/DashboardPage';
import { dataProvider } from './dataProvider';
import dispatch from './dispatch';
import { HaulageRecordPage } from './haulage/HaulageRecordPage';
import { HaulageReportPage } from './haulage/HaulageReportPage';
import { i18nProvider } from './i18n/i18nProvider';
import { appName } from './i18n/messages';
import { PortalLayout } from './layout/Layout';
import { PortalNotification } from './layout/Notification';
import { theme } from './layout/theme';
import { LoginPage } from './login/LoginPage';
import { LogoutPage } from './login/LogoutPage';
import outbox from './mail';
import materials from './materials';
import projects from './projects';
import { DigitalTicketPage } from './records/DigitalTicketPage';
import { PrintRecordPage } from './records/PrintRecordPage';
import { ReportsPage } from './reports/ReportsPage';
import { ScalePage } from './scale/ScalePage';
import scales from './scales';
import settings from './settings';
import tickets from './tickets';
import transports from './transports';
import trucks from './trucks';
import users from './users';

/**
 * The administrators' screens at the spec's paths (section 2), each behind AdminOnly, grouped by the access
 * check's resource name (authProvider), which is not the data provider's. Users live at /user/new and
 * /user/{id}, not react-admin's /users/create and /users/{id}; the outbox keeps the mails embedded mode does
 * not send.
 */
const administratorScreens: Record<string, Record<string, ReactElement>> = {
  contractors: {
    '/contractors': <contractors.list />,
    '/contractor-company/new': <contractors.create />,
    '/contractor-company/:id': <contractors.edit />,
    '/contacts/new/contractor-company/:companyId': <contractors.contacts.create />,
    '/contacts/:contactId/contractor-company/:companyId': <contractors.contacts.edit />,
    '/projects/new/contractor-company/:companyId': <projects.create />,
    '/projects/:id/contractor-company/:companyId': <projects.edit />,
    '/project-log/:id': <projects.log />,
  },
  transports: {
    '/transports': <transports.list />,
    '/transport-company/new': <transports.create />,
    '/transport-company/:id': <transports.edit />,
    '/contacts/new/transport-company/:companyId': <transports.contacts.create />,
    '/contacts/:contactId/transport-company/:companyId': <transports.contacts.edit />,
    '/trucks/new/transport-company/:companyId': <trucks.create />,
    '/trucks/:truckId/transport-company/:companyId': <trucks.edit />,
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
  ticketAudit: { '/ticket-audit/:id': <tickets.audit /> },
  outbox: { '/outbox': <outbox.list />, '/outbox/:id': <outbox.mail /> },
  reports: { '/reports': <ReportsPage /> },
};

/**
 * Real paths, as the spec names them (section 2): a BrowserRouter, not hash routing. The API serves
 * index.html for every non-/api path so that a reload on /user/12 lands here.
 */
export const App = () => (
  <BrowserRouter>
    <Admin
      title={appName}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      layout={PortalLayout}
      loginPage={LoginPage}
      notification={PortalNotification}
      accessDenied={AccessDeniedPage}
      catchAll={NotFoundPage}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        {/* Public: the site root is the login form too; /logout reloads the app at the root. */}
        <Route path="/" element={<LoginPage />} />
        <Route path="/logout" element={<LogoutPage />} />
        {/* Public too: with ?hash=… a ticket opens without login; without, the page itself requires a session. */}
        <Route path="/ticket/:id" element={<tickets.page />} />
        {/* Printable: their own frame, no menu or app bar; each page requires a session itself. */}
        <Route path="/digital-ticket/:id" element={<DigitalTicketPage />} />
        <Route path="/print-record/:id" element={<PrintRecordPage />} />
        {/* With ?hash=… the haulage record opens without a session (the digital ticket's QR code). */}
        <Route path="/haulage-record/:id" element={<HaulageRecordPage />} />
        <Route path="/report/haulage-record/:projectId" element={<HaulageReportPage />} />
        {/* The driver's page from the ticket's link: the hash, never a session, opens it; not in the menu. */}
        <Route path="/truck-dispatch/:id" element={<dispatch.page />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/scale" element={<ScalePage />} />
        <Route path="/ticket-log/:id" element={<tickets.log />} />
        {Object.entries(administratorScreens).flatMap(([resource, screens]) =>
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
        icon={users.icon}
        recordRepresentation="username"
      />
    </Admin>
  </BrowserRouter>
);
