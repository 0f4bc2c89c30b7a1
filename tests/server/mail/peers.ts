import type { TestApp } from '../support/helpers';
import { addAccount, addProvider, type ProviderBody } from '../support/mail-helpers';
import { startSilentPeer, startSmtpPeer, type SmtpPeerOptions } from '../support/smtp-peer';

let routes = 0;

/**
 * SMTP peers for the tests of one file, closed after them, and routes to them. Called at the top of a test file with its test app,
 * which only exists once the file's beforeAll ran.
 */
export function smtpPeers(app: () => TestApp) {
  const started: { close(): Promise<void> }[] = [];
  afterAll(() => Promise.all(started.map((peer) => peer.close())));
  const closedAfterAll = <Peer extends { close(): Promise<void> }>(peer: Peer) => {
    started.push(peer);
    return peer;
  };

  return {
    peer: async (options: SmtpPeerOptions = {}) => closedAfterAll(await startSmtpPeer(options)),
    silentPeer: async (trickleEveryMs?: number) => closedAfterAll(await startSilentPeer(trickleEveryMs)),
    /** A provider for `port`, and an account matching only this route's own sender domain. */
    async route(
      port: number,
      provider: Partial<ProviderBody> = {},
      credentials: { username: string; password: string } | null = null,
    ) {
      const domain = `route${++routes}.example`;
      const created = await addProvider(app(), { port, name: `Peer ${routes}`, ...provider });
      const account = await addAccount(app(), {
        expression: `@${domain.replace('.', '\\.')}$`,
        provider: { uid: created.uid },
        credentials,
      });
      return { sender: `office@${domain}`, provider: created, account };
    },
  };
}
