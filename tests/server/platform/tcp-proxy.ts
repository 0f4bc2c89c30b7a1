import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL in the database fault tests) that a test can cut (every connection reset, new
 * ones refused), restore, pause (nothing passes either way, connections stay open) and resume.
 */
export interface TcpProxy {
  port: number;
  /** Connections open now. */
  connections(): number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  pause(): void;
  resume(): void;
  /**
   * From the client's next chunk that `match`es on (after passing it on), that connection's replies are held: the server got the
   * request and answered, the client hears nothing (a statement whose answer is lost, once the test cuts).
   */
  holdRepliesAfter(match: (chunk: Buffer) => boolean): void;
  stop(): Promise<void>;
}

interface Relay {
  from: net.Socket;
  to: net.Socket;
  held: Buffer[];
  holding?: boolean;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const relays: Relay[] = [];
  let paused = false;
  let holdAfter: ((chunk: Buffer) => boolean) | undefined;

  const relay = (from: net.Socket, to: net.Socket, passed: (chunk: Buffer) => void = () => undefined) => {
    const entry: Relay = { from, to, held: [] };
    relays.push(entry);
    from.on('data', (chunk: Buffer) => {
      if (paused || entry.holding) entry.held.push(chunk);
      else to.write(chunk);
      passed(chunk);
    });
    from.on('end', () => to.end());
    from.on('close', () => relays.splice(relays.indexOf(entry), 1));
    return entry;
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    const replies = relay(upstream, client);
    relay(client, upstream, (chunk) => {
      if (!holdAfter?.(chunk)) return;
      holdAfter = undefined;
      replies.holding = true;
    });
  });
  let port = 0;
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen();
  port = (server.address() as net.AddressInfo).port;

  return {
    port,
    connections: () => sockets.size / 2,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.resetAndDestroy();
      }),
    restore: listen,
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const { to, held, holding } of relays) if (!holding) for (const chunk of held.splice(0)) to.write(chunk);
    },
    holdRepliesAfter(match) {
      holdAfter = match;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}
