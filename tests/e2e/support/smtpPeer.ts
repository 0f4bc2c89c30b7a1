import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

/**
 * A local SMTP peer for browser tests (no TLS, no auth), steered by the recipient's local part:
 * `refused…` is refused with 550 (so a mail only to such recipients fails permanently), `slow…` is held at the end of
 * DATA until the peer closes (the mail stays in the queue while the server waits), anything else is accepted.
 */
export interface SmtpPeer {
  port: number;
  /** Recipients of the accepted mails. */
  accepted: string[];
  close(): Promise<void>;
}

interface SmtpError extends Error {
  responseCode?: number;
}

const smtpError = (message: string, responseCode: number): SmtpError =>
  Object.assign(new Error(message), { responseCode });
const localPart = (address: string) => address.split('@')[0] ?? '';

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const accepted: string[] = [];
  const held: Array<(error?: Error) => void> = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // close() ends the server's pooled connections after this instead of the default 30 s, which left both workers idle
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      if (localPart(address.address).startsWith('refused')) return callback(smtpError('Mailbox unavailable', 550));
      callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((entry) => entry.address);
        if (recipients.some((address) => localPart(address).startsWith('slow'))) return void held.push(callback);
        accepted.push(...recipients);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    accepted,
    async close() {
      for (const release of held.splice(0)) release(smtpError('Peer shutting down', 451));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A local port that nothing listens on (a connection there is refused, which the mail service retries). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
