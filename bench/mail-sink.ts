// The local SMTP sink the mail benchmark delivers to, the mails it sends, and its baseline: those mails sent straight to the sink
// through the worker's pooled nodemailer transport, without the queue.
import { setMaxListeners } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Config } from '../server/config';
import { TransportPools } from '../server/mail/transports';
import { inParallel } from './lib';
import { cpuMs } from './mail-meters';

/** An SMTP server that accepts and counts every mail, in a worker thread so it does not take the server's CPU. */
export async function startSink(): Promise<{
  port: number;
  received: () => Promise<number>;
  close: () => Promise<void>;
}> {
  const smtpServer = createRequire(import.meta.url).resolve('smtp-server');
  const worker = new Worker(
    `
    const { parentPort } = require('node:worker_threads');
    const { SMTPServer } = require(${JSON.stringify(smtpServer)});
    let received = 0;
    const server = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false, disableReverseLookup: true,
      onData(stream, _session, callback) { stream.resume(); stream.on('end', () => { received += 1; callback(); }); },
    });
    server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.server.address().port }));
    parentPort.on('message', (message) => {
      if (message === 'count') parentPort.postMessage({ received });
      if (message === 'close') server.close(() => parentPort.postMessage({ closed: true }));
    });`,
    { eval: true },
  );
  const next = <T>() => new Promise<T>((resolve) => worker.once('message', resolve));
  const { port } = await next<{ port: number }>();
  return {
    port,
    received: async () => {
      worker.postMessage('count');
      return (await next<{ received: number }>()).received;
    },
    close: async () => {
      worker.postMessage('close');
      await next();
      await worker.terminate();
    },
  };
}

/** The index-th benchmark mail, queued and sent straight alike. */
export const benchMail = (index: number) => ({
  sender: 'office@caredesk.example',
  recipients: [`client-${index}@example.org`],
  cc: ['dispatch@caredesk.example'],
  subject: `Your care visit #${index}`,
  message:
    'Dear client,\n\nyour caregiver will arrive on Monday at 9:00.\n\nKind regards,\nthe Caredesk office\n'.repeat(3),
});

/**
 * The mail baseline: the first `count` benchmark mails sent straight to the sink by the worker's pooled nodemailer transport
 * (TransportPools, same settings), `concurrency` at a time, as the worker sends them but without the queue. Bounded by `timeLimitMs`.
 */
export async function sendDirectly(
  sinkPort: number,
  mailConfig: Config['mail'],
  count: number,
  timeLimitMs: number,
): Promise<{ mailsPerSecond: number; cpuMsPerMail: number }> {
  const pools = new TransportPools({
    maxConnections: mailConfig.concurrency,
    smtpTimeoutMs: mailConfig.smtpTimeoutMs,
    tlsVerify: mailConfig.tlsVerify,
  });
  const route = {
    accountUid: 'bench',
    expression: null,
    provider: { uid: 'bench-sink', host: '127.0.0.1', port: sinkPort, security: 'none' as const },
    username: null,
    encryptedPassword: null,
    disabled: false,
  };
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const deadline = AbortSignal.timeout(timeLimitMs);
  // Every send in flight listens to it.
  setMaxListeners(mailConfig.concurrency + 10, deadline);
  let sent = 0;
  try {
    await inParallel(
      Array.from({ length: count }, (_, index) => index),
      mailConfig.concurrency,
      async (index) => {
        if (deadline.aborted) return;
        const mail = benchMail(index);
        await pools.transporterFor(route, null).sendMail({
          from: mail.sender,
          to: mail.recipients,
          cc: mail.cc,
          subject: mail.subject,
          text: mail.message,
          date: new Date(),
          messageId: `<bench-direct-${index}@caredesk.example>`,
          signal: deadline,
        });
        sent += 1;
      },
    );
  } finally {
    pools.closeAll();
  }
  return {
    mailsPerSecond: Math.round(sent / ((performance.now() - started) / 1000)),
    cpuMsPerMail: cpuMs(process.cpuUsage(cpuAtStart)) / sent,
  };
}
