import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import {
  apiKeysWords,
  keysWords,
  materialsWords,
  outboxWords,
  scalesWords,
  settingsWords,
  usersWords,
} from './messages/administration';
import { auditWords, holdWords, retentionWords } from './messages/audit';
import { bulkWords } from './messages/bulk';
import { contractorsWords, projectsWords, transportsWords, trucksWords } from './messages/companies';
import { dashboardWords } from './messages/dashboard';
import { dispatchWords } from './messages/dispatch';
import { haulageWords, recordsWords } from './messages/haulage-records';
import { integrationsWords } from './messages/integrations';
import { reportsWords, runsWords } from './messages/reports';
import { resourceWords } from './messages/resources';
import { scalePageWords } from './messages/scale-page';
import { ticketsWords } from './messages/tickets';

/** The portal's name: the catalogue's, and react-admin's title, which its default pages show untranslated. */
export const appName = 'Haulage Ticket Portal';

/**
 * The one English catalogue: every text the portal shows, its words kept as the product has them
 * (docs/rules.md), on top of react-admin's own English texts.
 */
const portalMessages = {
  portal: {
    appName,
    menu: {
      dashboard: 'Dashboard',
      scale: 'Scale',
      contractors: 'Contractors',
      transports: 'Transports',
      materials: 'Materials',
      scales: 'Scales',
      users: 'Users',
      reports: 'Reports',
      settings: 'Settings',
      outbox: 'Outbox',
      integrations: 'Integrations',
      audit: 'Audit',
      logout: 'Logout',
      signedInAs: 'Signed in as %{name}',
    },
    scale: scalePageWords,
    login: {
      title: 'Sign in',
      username: 'Username',
      password: 'Password',
      submit: 'Login',
      submitting: 'Logging in...',
    },
    logout: {
      signingOut: 'Signing out...',
    },
    validation: {
      usernameRequired: 'Username is required',
      usernameNotValidEmail: 'Username is not valid email',
      usernameMustBeEmail: 'Username must be a valid email',
      passwordRequired: 'Password is required',
      firstNameRequired: 'First name is required',
      lastNameRequired: 'Last name is required',
      phoneNotValid: 'Phone number is not valid',
      roleRequired: 'Role is required',
    },
    errors: {
      unexpected: 'An unexpected error occurred.',
      // The generic text for no answer first (docs/rules.md, "Sessions and errors"), then what the user
      // needs to know.
      unreachable:
        'An unexpected error occurred. The server could not be reached. Check the connection and try again.',
      unreachableNotSaved:
        'An unexpected error occurred. The server could not be reached, so the change was not saved. Check the connection and try again.',
      sessionExpired: 'Your session has expired. Please log in again.',
    },
    noRecords: 'Nothing here yet.',
    notFound: {
      title: 'Page not found',
      message: 'There is no page at this address. It may have moved, or the link may be mistyped.',
    },
    accessDenied: {
      title: 'Access denied',
      message: 'You do not have access to this page.',
      back: 'Back to the dashboard',
      backToAudit: 'Back to the Audit page',
    },
    confirm: {
      delete: 'Are you sure you want to permanently remove this item?',
    },
    roles: {
      administrator: 'Administrator',
      standard: 'Standard',
      auditor: 'Auditor',
    },
    dashboard: dashboardWords,
    reports: reportsWords,
    runs: runsWords,
    bulk: bulkWords,
    outbox: outboxWords,
    phone: {
      placeholder: '(###)###-####',
    },
    users: usersWords,
    contractors: contractorsWords,
    projects: projectsWords,
    transports: transportsWords,
    trucks: trucksWords,
    scales: scalesWords,
    materials: materialsWords,
    settings: settingsWords,
    integrations: integrationsWords,
    keys: keysWords,
    apiKeys: apiKeysWords,
    // A weight input's label with the site's unit: 'Tare weight (lb)'.
    weights: {
      withUnit: '%{label} (%{unit})',
    },
    haulage: haulageWords,
    records: recordsWords,
    dispatch: dispatchWords,
    audit: auditWords,
    retention: retentionWords,
    holds: holdWords,
    tickets: ticketsWords,
  },
  resources: resourceWords,
  ra: {
    input: {
      password: { toggle_visible: 'Hide password', toggle_hidden: 'Show password' },
    },
    message: {
      // Every delete asks this, whichever button starts it.
      delete_content: 'Are you sure you want to permanently remove this item?',
      bulk_delete_content:
        'Are you sure you want to permanently remove this item? |||| Are you sure you want to permanently remove these %{smart_count} items?',
    },
    notification: {
      http_error: 'An unexpected error occurred.',
    },
  },
};

export const messages: TranslationMessages = mergeTranslations(englishMessages, portalMessages);
