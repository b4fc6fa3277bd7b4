/** The Audit page: the hash chain's status, verify, seals, and each event's link in a ticket's history. */
export const auditWords = {
  title: 'Audit',
  chainStatus: 'Chain status',
  lastVerified: 'Last verified',
  lastSeal: 'Last seal',
  never: 'Never',
  neverVerified: 'The chain has not been verified yet. Press Verify now.',
  sealLine: '%{time} · %{reason} · %{smart_count} event |||| %{time} · %{reason} · %{smart_count} events',
  digest: 'Digest: %{digest}',
  verifyNow: 'Verify now',
  verifying: 'Verifying the chain',
  compareReadModels: 'Also compare the read models with a rebuild',
  compareReadModelsHelp:
    'Slower: every list and report table is rebuilt from the events and compared row by row.',
  readModelsHold:
    'The read models equal a rebuild from the events: %{smart_count} table compared. |||| The read models equal a rebuild from the events: %{smart_count} tables compared.',
  readModelsDiffer: 'The read models differ from a rebuild from the events',
  readModelsMismatch:
    '%{table}: %{onlyLive} row(s) only in the live table, %{onlyRebuilt} only in the rebuild (first live id: %{firstLiveId})',
  holds:
    'Every chain holds: %{smart_count} event checked. |||| Every chain holds: %{smart_count} events checked.',
  broken: 'The chain is broken',
  breakWhere: 'Stream %{stream}, position %{position}',
  breakRecorded: 'Recorded at %{time}',
  checkedBeforeBreak:
    '%{smart_count} event linked before the break. |||| %{smart_count} events linked before the break.',
  openHistory: "Open the ticket's history",
  reasons: {
    'missing-event': 'An event is missing here: deleted, or the stream starts late.',
    'missing-hash': 'This event has no hash: it was written around the portal.',
    'content-changed': 'This event was changed after it was recorded.',
    'chain-broken': 'This event does not link to the one before it: events swapped, inserted or renumbered.',
    'seal-signature-invalid': 'This seal is not signed by a kept key.',
    'seal-heads-changed': "The latest seal's recorded heads were changed.",
    'stream-missing': 'A stream the latest seal covers has no events left.',
    truncated: "The stream's tail is gone since the latest seal.",
    'sealed-head-changed': 'The event at the sealed head is not the one sealed.',
  },
  sealNow: 'Seal now',
  sealTitle: 'Seal every stream now?',
  sealContent:
    'The head of every stream is signed and recorded as a seal. A seal is an event: it cannot be undone.',
  sealed: 'Sealed.',
  seals: 'Seals (%{smart_count}) |||| Seals (%{smart_count})',
  noSeals: 'No seal yet.',
  sealsLoading: 'Seals',
  sealedAt: 'Sealed at',
  reason: 'Reason',
  coverage: 'Covers',
  covers: '%{streams} streams, %{smart_count} event |||| %{streams} streams, %{smart_count} events',
  digestColumn: 'Digest (Merkle root)',
  keyId: 'Key',
  sealReasons: { hourly: 'Hourly', 'end-of-day': 'End of day', 'on-demand': 'On demand' },
  ticketHistory: "A ticket's history",
  ticketId: 'Ticket ID',
  ticketIdHelp: 'Every event of the ticket, with its link in the chain.',
  exports: 'Verifiable exports',
  exportsHelp:
    "One JSON file with the events, their links, the latest seal and its public key: anyone checks it with the repository's verify-audit-export, without the portal.",
  exportOf: 'Export',
  scopes: { ticket: 'One ticket', project: 'One project', days: 'Tickets of days' },
  projectId: 'Project ID',
  from: 'From',
  to: 'To',
  download: 'Download export',
  downloading: 'Exporting…',
  links: {
    verified: 'Link verified',
    broken: 'Broken',
    'after-break': 'After a break',
    afterBreakHelp: 'This link holds, but an earlier one in the stream does not.',
    unknown: 'Link not checked',
  },
};

/** Records retention on the Audit page: how long tickets' personal data is kept, and running it. */
export const retentionWords = {
  title: 'Records retention',
  help: "Past the period, a ticket's driver, contacts and project leader are removed from its record and history; weights, times, sites and companies stay, and the chain still verifies. Set the period your regulation and contracts ask for: until you do, nothing is removed.",
  years: 'Years personal data is kept',
  yearsHelp: "Whole years after the ticket's date, 1 to %{max}; blank: keep it.",
  saved: 'Retention period saved.',
  noPeriod: 'No period is set: nothing is removed.',
  due: 'Tickets dated before %{cutoff}: %{smart_count} ticket still holds personal data; %{held} kept by legal holds. |||| Tickets dated before %{cutoff}: %{smart_count} tickets still hold personal data; %{held} kept by legal holds.',
  runNow: 'Run retention now',
  running: 'Removing personal data',
  runTitle: 'Remove personal data now?',
  runContent:
    'The driver, contacts and project leader of every ticket past the period and not on hold are removed from its record and history, and mails kept in the outbox before then are deleted. This cannot be undone. The workers also do it every hour.',
  deletedMails:
    'Mails kept in the outbox before then, deleted: %{smart_count}. |||| Mails kept in the outbox before then, deleted: %{smart_count}.',
  ran: 'Personal data removed from %{smart_count} ticket; events rewritten: %{events}. |||| Personal data removed from %{smart_count} tickets; events rewritten: %{events}.',
  leftForNext: 'Changed meanwhile, left for the next run: %{tickets}.',
  redactedRecords:
    'Deleted contacts and users whose own records lost their personal data: %{smart_count}. |||| Deleted contacts and users whose own records lost their personal data: %{smart_count}.',
  settingsNone: "Records retention: no period is set, tickets' personal data is kept.",
  settingsYears:
    "Records retention: tickets' personal data is kept %{smart_count} year after the ticket's date. |||| Records retention: tickets' personal data is kept %{smart_count} years after the ticket's date.",
  settingsLink: 'Set it, and the legal holds, on the Audit page.',
};

/** Legal holds on the Audit page. */
export const holdWords = {
  title: 'Legal holds',
  help: 'While a hold stands, retention removes nothing from the tickets it covers.',
  none: 'No legal hold stands.',
  ofProject: 'Project %{project}',
  ofContractor: 'Contractor %{contractor}',
  ofRange: 'Tickets %{from} to %{to} (IDs)',
  on: 'Hold',
  scopes: { projectId: 'A project', contractorCompanyId: 'A contractor', range: 'A range of ticket IDs' },
  ids: { projectId: 'Project ID', contractorCompanyId: 'Contractor ID' },
  fromTicketId: 'From ticket ID',
  toTicketId: 'To ticket ID',
  reason: 'Reason',
  reasonHelp: 'The case or request it is for.',
  place: 'Place hold',
  placed: 'Legal hold placed.',
  release: 'Release',
  released: 'Legal hold released.',
  releaseTitle: 'Release this legal hold?',
  releaseContent:
    '%{what}: its tickets fall under the retention period again, and the next run removes their personal data if they are past it.',
};
