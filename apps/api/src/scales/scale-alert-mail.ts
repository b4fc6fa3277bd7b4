import type { ScaleAlert } from '@portal/contract';
import { dateTimeToMinuteParts } from '@portal/domain';
import type { MailMessage } from '../mail/mailer';
import { htmlParagraph, mailDocument } from '../reports/report-mail';

/** What the e-mail says of each status that stops a scale weighing. */
const statusWords: Record<ScaleAlert['status'], { state: string; check: string }> = {
  disconnected: {
    state: 'disconnected',
    check:
      "Check that the scale bridge's machine is on and reaches the portal, and that its cable to the indicator is plugged in.",
  },
  error: {
    state: 'in error',
    check:
      "The indicator reports a fault, or its frames cannot be read: check the indicator's display and the bridge's log.",
  },
};

/** '2026-11-27 10:02:03' on the site's clock: the seconds match the Scale page's status time. */
function siteTimeToSecond(timeZone: string, instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, ...dateTimeToMinuteParts, second: '2-digit' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** '60 seconds', '2 minutes': the alert's threshold in words. */
const durationInWords = (ms: number): string =>
  ms % 60_000 === 0 && ms >= 120_000 ? `${ms / 60_000} minutes` : `${Math.round(ms / 1000)} seconds`;

/** The e-mail administrators get once per incident: which scale, since when, and what to check. */
export function scaleAlertMail(
  alert: Pick<ScaleAlert, 'scaleName' | 'status' | 'since'>,
  context: { to: string[]; alertAfterMs: number; timeZone: string; publicUrl: string | null },
): MailMessage {
  const words = statusWords[alert.status];
  const since = siteTimeToSecond(context.timeZone, new Date(alert.since));
  const paragraphs = [
    `The scale ${alert.scaleName} has been ${words.state} since ${since} (${context.timeZone}), more than ${durationInWords(context.alertAfterMs)}. Weigh-ins and tares from it are refused until it reads again.`,
    words.check,
    context.publicUrl
      ? `The Scale page shows every scale live: ${new URL('/scale', context.publicUrl)}`
      : 'The Scale page shows every scale live.',
    'This is the only e-mail for this incident; staff signed in to the portal are told when the scale is back.',
  ];
  return {
    to: context.to,
    subject: `Scale ${alert.scaleName} is ${words.state}`,
    html: mailDocument(`Scale ${alert.scaleName} is ${words.state}`, paragraphs.map(htmlParagraph)),
    text: paragraphs.join('\n\n'),
  };
}
