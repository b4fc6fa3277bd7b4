import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';

/**
 * The one English catalogue: every text the portal shows, with the spec's wording kept word for word
 * (portal-spec.md sections 2, 5 and 8), on top of react-admin's own English texts.
 */
const portalMessages = {
  portal: {
    appName: 'Haulage Ticket Portal',
    menu: {
      dashboard: 'Dashboard',
      scale: 'Scale',
      contractors: 'Contractors',
      transports: 'Transports',
      materials: 'Materials',
      users: 'Users',
      reports: 'Reports',
      logout: 'Logout',
      signedInAs: 'Signed in as %{name}',
    },
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
      sessionExpired: 'Your session has expired. Please log in again.',
    },
    accessDenied: {
      title: 'Access denied',
      message: 'You do not have access to this page.',
      back: 'Back to the dashboard',
    },
    confirm: {
      delete: 'Are you sure you want to permanently remove this item?',
    },
    roles: {
      administrator: 'Administrator',
      standard: 'Standard',
    },
    upcoming: {
      message: 'This screen arrives in a later release.',
    },
    dashboard: {
      today: 'Today is %{date}.',
    },
    phone: {
      placeholder: '(###)###-####',
    },
    users: {
      add: 'Add',
      maskedPassword: '••••••••',
      keepPasswordHint: 'Leave blank to keep the current password',
      phoneNumber: 'Phone number',
    },
  },
  resources: {
    users: {
      name: 'User |||| Users',
      fields: {
        id: 'ID',
        username: 'Username',
        password: 'Password',
        role: 'Role',
        roleId: 'Role',
        firstName: 'First name',
        lastName: 'Last name',
        phoneNumber: 'Phone',
      },
    },
  },
  ra: {
    input: {
      password: { toggle_visible: 'Hide password', toggle_hidden: 'Show password' },
    },
    message: {
      // Spec section 2: every delete asks this, whichever button starts it.
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
