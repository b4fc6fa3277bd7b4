import { AuditPage } from './AuditPage';

/** The audit slice: the Audit page (chain status, verify, seals) for administrators and auditors. */
export default { page: AuditPage };
