import { scaleMessages } from '@portal/domain';

export const outboxWords = {
  title: 'Outbox',
  intro: 'No mail server is configured: the portal keeps its mails here instead of sending them.',
  to: 'To',
  subject: 'Subject',
  createdAt: 'Date',
  attachments: 'Attachments',
  empty: 'No mails in the outbox',
  back: 'Back to the outbox',
  body: 'Mail body',
  text: 'Text version',
  noSubject: '(no subject)',
  download: 'Download %{filename}',
  kilobytes: '%{size} KB',
  bytes: '%{size} bytes',
};

export const usersWords = {
  add: 'Add',
  maskedPassword: '••••••••',
  keepPasswordHint: 'Leave blank to keep the current password',
  phoneNumber: 'Phone number',
};

export const scalesWords = {
  title: 'Scales',
  add: 'Add scale',
  actions: 'Actions',
  newScale: 'New scale',
  editScale: 'Edit scale',
  nameRequired: 'Scale name is required',
  minimumInvalid: scaleMessages.minimumInvalid,
  minimumHelp:
    'The least weight weighed from the scale, in its divisions (the bridge reports the division): lighter readings are refused.',
  returnToZeroHelp:
    'Weigh a truck only after the scale has read zero since the previous weighing on it (the last truck has left the deck).',
  capacityInvalid: scaleMessages.capacityInvalid,
  capacityHelp:
    "The scale's capacity (Max on its data plate), in KG: heavier readings and weights set by hand on it are refused. Empty: the site's maximum weight bounds weights set by hand.",
  keysTitle: 'Bridge keys',
  issueKey: 'Issue bridge key',
  noKeys: 'This scale has no bridge key yet: issue one for the scale bridge wired to its indicator.',
  issuedAt: 'Issued',
  lastUsedAt: 'Last used',
  revokedAt: 'Revoked',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this bridge key?',
  revokeContent: 'The bridge using it is refused from its next report on. This cannot be undone.',
  keyRevoked: 'Bridge key revoked',
  issuedTitle: 'New bridge key',
  issuedExplained:
    'Set this as SCALE_BRIDGE_KEY on the scale bridge. It is shown only now: the portal keeps only its hash.',
};

/** The dialog that shows a new key once (a scale bridge's, an API key). */
export const keysWords = {
  copy: 'Copy',
  copied: 'Key copied',
  copyFailed: 'Copy failed: select the key and copy it by hand',
  done: 'Done',
};

export const apiKeysWords = {
  title: 'API keys',
  intro:
    'Keys for other systems (accounting, kiosks, scale software): each is taken only by the calls its scopes name. docs/integrations.md says which.',
  issueKey: 'Issue API key',
  noKeys: 'No API keys yet.',
  name: 'Name',
  scopes: 'Scopes',
  expiresAt: 'Expires',
  lastUsedAt: 'Last used',
  revokedAt: 'Revoked',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this API key?',
  revokeContent: 'The system using it is refused from its next call on. This cannot be undone.',
  keyRevoked: 'API key revoked',
  newKeyTitle: 'New API key',
  issue: 'Issue',
  cancel: 'Cancel',
  nameRequired: 'Name is required',
  scopesRequired: 'Choose at least one scope',
  issuedTitle: 'New API key',
  issuedExplained:
    'Send it as "Authorization: Bearer <key>". It is shown only now: the portal keeps only its hash.',
  scopeNames: {
    'read-tickets': 'Read tickets',
    'read-reports': 'Read reports',
    weigh: 'Weigh',
    receive: 'Receive',
    'read-events': 'Read the event feed',
  },
};

export const materialsWords = {
  title: 'Materials',
  add: 'Add',
  materialsTitle: 'Materials',
  materialTypesTitle: 'Material types',
  actions: 'Actions',
  newMaterial: 'New material',
  editMaterial: 'Edit material',
  newMaterialType: 'New material type',
  editMaterialType: 'Edit material type',
  nameRequired: 'Name is required',
};

export const settingsWords = {
  title: 'Settings',
  saved: 'Settings saved',
  prefixInvalid: 'Prefix must be a whole number of 0 or more',
  emailInvalid: 'Email is not valid',
  retareEveryDaysHelp: "A truck's stored tare older than this is expired; blank: never",
  maximumWeightHelp:
    'No ticket, tare or by-hand weight may exceed this; a scale with a capacity uses its capacity',
  hashQrAboveTicketIdHelp:
    "Tickets above this id carry their hash link in the digital ticket's QR codes (10015: the legacy numbering; a new site sets 0)",
  displayUnitHelp: 'Weights are shown, printed and exported in this unit; they are stored and sent in KG',
  displayUnits: {
    kg: 'KG (kilograms)',
    t: 't (metric tonnes)',
    lb: 'lb (pounds)',
    ton: 'ton (short tons of 2,000 lb)',
  },
};
