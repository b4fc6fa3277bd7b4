import type { Seal } from '@portal/contract';
import type { SealEventSchemas, sealReasons } from '@portal/domain';
import {
  type EventsSealedData,
  type StreamHead,
  sealKeyId,
  sealMerkleRoot,
  sealStreamHeads,
  sealStreamId,
  signSeal,
} from '@portal/event-store';
import type { Static } from '@sinclair/typebox';
import { sealPrivateKey, sealPublicKeyOf } from '../data-dir-secrets';
import { startRepeating } from '../jobs/repeating-task';
import { administratorAddresses } from '../mail/administrator-addresses';
import { enqueueMail } from '../mail/mail-jobs';
import type { MailMessage } from '../mail/mailer';
import type { CommandHost } from '../plugins/infrastructure';
import { siteDate } from '../site-time';

type SealReason = (typeof sealReasons)[number];
type EventsSealed = Static<(typeof SealEventSchemas)['EventsSealed']>;

const hourMs = 3_600_000;
// How often every worker looks whether a seal is due: the end of the site's day is sealed within a minute.
const lookEveryMs = 60_000;

/**
 * Which seal is due at `now` after `previous`: the first one; an end-of-day one once the site's day (SITE_TIMEZONE)
 * is no longer the previous seal's; an hourly one an hour after the previous; otherwise none.
 */
function sealDue(previous: EventsSealedData | null, now: Date, timeZone: string): SealReason | null {
  if (!previous) return 'hourly';
  const sealedAt = new Date(previous.sealedAt);
  if (siteDate(timeZone, sealedAt) !== siteDate(timeZone, now)) return 'end-of-day';
  return now.getTime() - sealedAt.getTime() >= hourMs ? 'hourly' : null;
}

/** The day an end-of-day seal closes (the previous seal's site day), the events and the digest, in a short text. */
function endOfDaySealMail(seal: Seal, day: string, to: string[]): MailMessage {
  const lines = [
    `The portal's records for ${day} are sealed.`,
    `Day: ${day}`,
    `Events: ${seal.events}`,
    `Digest (SHA-256 Merkle root of every stream's head): ${seal.merkleRoot}`,
    `Streams: ${seal.streams}`,
    `Sealed at: ${seal.sealedAt}`,
    `Key id: ${seal.keyId}`,
    'Keep this mail: it is a copy of the seal outside the portal, to compare with GET /api/audit/seals.',
  ];
  return {
    to,
    subject: `Seal of ${day}: ${seal.events} events, digest ${seal.merkleRoot.slice(0, 16)}`,
    text: lines.join('\n'),
    html: `<pre>${lines.join('\n')}</pre>`,
  };
}

/**
 * Seals every stream's head when `reasonFor` says one is due: signs the Merkle root with the seal key, appends
 * EventsSealed to the seal stream, and mails an end-of-day seal to the administrators. Null when another
 * process is sealing or none is due.
 */
async function seal(
  host: CommandHost,
  reasonFor: (previous: EventsSealedData | null) => SealReason | null,
  now: () => Date,
): Promise<Seal | null> {
  const { pool, eventStore, config, jobs } = host.infra;
  let closedDay: string | null = null;
  const sealed = await sealStreamHeads(pool, {
    reasonFor(previous) {
      closedDay = previous ? siteDate(config.siteTimezone, new Date(previous.sealedAt)) : null;
      return reasonFor(previous);
    },
    async append(heads: StreamHead[], expectedVersion, reason: SealReason) {
      const facts = {
        sealedAt: now().toISOString(),
        streams: heads.length,
        events: heads.reduce((sum, head) => sum + head.version, 0),
        merkleRoot: sealMerkleRoot(heads).toString('hex'),
        reason,
      };
      const publicKey = sealPublicKeyOf(config.sealKey);
      const data: EventsSealed = {
        ...facts,
        keyId: sealKeyId(publicKey),
        publicKey,
        signature: signSeal(facts, sealPrivateKey(config.sealKey)),
      };
      const { nextExpectedVersion } = await eventStore.append(
        sealStreamId,
        [{ type: 'EventsSealed', data, metadata: { userId: null, occurredAt: data.sealedAt } }],
        { expectedVersion },
      );
      return { version: nextExpectedVersion, ...data };
    },
  });
  if (sealed?.reason === 'end-of-day' && closedDay) {
    const to = await administratorAddresses(host);
    if (to.length > 0)
      await enqueueMail(jobs, `seal-end-of-day-${closedDay}`, endOfDaySealMail(sealed, closedDay, to));
    else console.warn('no administrator has an e-mail address: the end-of-day seal is not mailed');
  }
  return sealed;
}

/**
 * POST /api/audit/seal: a seal now; null only while another process is taking one. Asked for once the site's
 * day is over but before the scheduler's look, it is that day's end-of-day seal (and mailed), or no seal would be.
 */
export const sealOnDemand = (host: CommandHost, now = () => new Date()) =>
  seal(
    host,
    (previous) =>
      sealDue(previous, now(), host.infra.config.siteTimezone) === 'end-of-day' ? 'end-of-day' : 'on-demand',
    now,
  );

/** The hourly and end-of-day seal, if due at `now` (the scheduler's look, and the tests'). */
export const sealIfDue = (host: CommandHost, now = () => new Date()) =>
  seal(host, (previous) => sealDue(previous, now(), host.infra.config.siteTimezone), now);

/** Runs in every worker process; the seal's advisory lock and its due check inside it keep one seal per hour. */
export const startSealing = (host: CommandHost) =>
  startRepeating('seals', lookEveryMs, async () => {
    if (!host.infra.config.eventStoreUrl) await sealIfDue(host);
  });

/** GET /api/audit/seals: every seal, newest first. */
export async function listSeals(host: CommandHost): Promise<Seal[]> {
  const events = await host.infra.eventStore.readStream(sealStreamId);
  return events
    .filter((event) => event.type === 'EventsSealed')
    .map((event) => ({ version: event.streamVersion, ...(event.data as EventsSealed) }))
    .reverse();
}
