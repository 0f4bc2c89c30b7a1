import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** One mail as an SMTP peer received it. */
interface ReceivedMail {
  from: string;
  recipients: string[];
  subject: string;
  text: string;
  messageId: string;
  /** The AUTH username the client signed in with, if any. */
  user?: string;
  /** Whether the session was encrypted (implicit TLS or after STARTTLS). */
  secure: boolean;
}

type PeerSecurity = 'none' | 'starttls' | 'ssl/tls';

/** What the peer answers to a mail's DATA: nothing (accept) or an SMTP error reply. */
type PeerReply = (mail: ReceivedMail) => { code: number; message: string } | undefined;

/** What the peer answers to one RCPT TO: nothing (accept) or an SMTP error reply. */
type RecipientReply = (address: string) => { code: number; message: string } | undefined;

export interface SmtpPeerOptions {
  security?: PeerSecurity;
  refuseRecipient?: RecipientReply;
  /** When set, AUTH is required and only these credentials pass. */
  credentials?: { username: string; password: string };
  reply?: PeerReply;
  /** Time the peer takes to accept each mail (a slow-ish provider). */
  delayMs?: number;
}

export interface SmtpPeer {
  port: number;
  received: ReceivedMail[];
  /** Every DATA the peer answered with an error. */
  refused: ReceivedMail[];
  authFailures: number;
  reply: PeerReply;
  close(): Promise<void>;
}

let certificate: { key: string; cert: string } | undefined;

/** A self-signed certificate for 127.0.0.1 and localhost, made once per test file with the openssl command. */
function selfSignedCertificate(): { key: string; cert: string } {
  if (certificate) return certificate;
  const dir = mkdtempSync(path.join(tmpdir(), 'caredesk-cert-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    certificate = { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
    return certificate;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A real SMTP server (smtp-server) on 127.0.0.1 and a free port, recording what it receives. */
export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const security = options.security ?? 'none';
  const peer: SmtpPeer = {
    port: 0,
    received: [],
    refused: [],
    authFailures: 0,
    reply: options.reply ?? (() => undefined),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const serverOptions: SMTPServerOptions = {
    secure: security === 'ssl/tls',
    ...(security === 'none' ? { disabledCommands: ['STARTTLS'] } : selfSignedCertificate()),
    authOptional: !options.credentials,
    allowInsecureAuth: true,
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      const expected = options.credentials;
      if (expected && auth.username === expected.username && auth.password === expected.password)
        return callback(null, { user: auth.username });
      peer.authFailures += 1;
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const refusal = options.refuseRecipient?.(address.address);
      if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), session);
        const refusal = peer.reply(mail);
        if (refusal) {
          peer.refused.push(mail);
          return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        }
        peer.received.push(mail);
        if (options.delayMs) setTimeout(() => callback(), options.delayMs);
        else callback();
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  server.on('error', () => undefined);
  peer.port = await listen(server.server);
  return peer;
}

/** A peer that accepts connections and never says a word (or, trickling, never finishes answering): the client must time out. */
export async function startSilentPeer(
  trickleEveryMs?: number,
): Promise<{ port: number; connections: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const peer = {
    port: 0,
    connections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((socket) => {
    peer.connections += 1;
    sockets.add(socket);
    // Trickling: a greeting, then a reply to EHLO whose lines never end, which keeps every idle time-out from firing.
    let trickle: NodeJS.Timeout | undefined;
    if (trickleEveryMs) {
      socket.write('220 peer ready\r\n');
      socket.once('data', () => (trickle = setInterval(() => socket.write('250-still answering\r\n'), trickleEveryMs)));
    }
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(trickle);
      sockets.delete(socket);
    });
  });
  peer.port = await listen(server);
  return peer;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

type Session = Parameters<NonNullable<SMTPServerOptions['onData']>>[1];

function parseMail(raw: string, session: Session): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => head.match(new RegExp(`^${name}: (.*)$`, 'im'))?.[1].trim() ?? '';
  const quotedPrintable = /quoted-printable/i.test(header('Content-Transfer-Encoding'));
  return {
    from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
    recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
    subject: header('Subject'),
    text: (quotedPrintable ? decodeQuotedPrintable(body) : body).replace(/\r\n$/, ''),
    messageId: header('Message-ID'),
    user: typeof session.user === 'string' ? session.user : undefined,
    secure: session.secure,
  };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
