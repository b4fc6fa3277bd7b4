import type { AuditStatus } from '@portal/contract';

/** Where and why the chain broke, as verify answers it. */
export type ChainBreak = NonNullable<NonNullable<AuditStatus['lastVerification']>['firstBreak']>;

/** The catalogue key that explains a break's reason in words. */
export const breakReasonKey = (reason: ChainBreak['reason']) => `portal.audit.reasons.${reason}`;

/** The ticket whose stream this is (`ticket-42`: 42), so a break can lead to that ticket's history; else null. */
export function ticketIdOfStream(streamId: string): number | null {
  const match = /^ticket-([1-9]\d*)$/.exec(streamId);
  return match ? Number(match[1]) : null;
}
