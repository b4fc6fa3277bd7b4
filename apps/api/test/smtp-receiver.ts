import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpTestReceiver {
  /** SMTP_URL for the mailer: plain SMTP on loopback. */
  url: string;
  /** Mails accepted so far, parsed. */
  received: ParsedMail[];
  /** How many deliveries were refused. */
  refused(): number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 and a free port for tests. `refuseFirst` deliveries are answered
 * with `refuseWith` (default a 451 'try again later') after the message was read, as a failing
 * server would. With `login`, senders must authenticate (plain AUTH, loopback only).
 */
export async function startSmtpTestReceiver(
  options: {
    refuseFirst?: number;
    refuseWith?: { code: number; message: string };
    login?: { username: string; password: string };
  } = {},
): Promise<SmtpTestReceiver> {
  const received: ParsedMail[] = [];
  let refused = 0;
  const refusal = options.refuseWith ?? { code: 451, message: 'Try again later' };
  const login = options.login;
  const server = new SMTPServer({
    authOptional: !login,
    allowInsecureAuth: true,
    disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === login?.username && auth.password === login?.password) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
      }
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (refused < (options.refuseFirst ?? 0)) {
            refused += 1;
            callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
            return;
          }
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
