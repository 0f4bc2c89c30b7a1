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
  stop(): Promise<void>;
}

interface Relay {
  from: net.Socket;
  to: net.Socket;
  held: Buffer[];
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const relays: Relay[] = [];
  let paused = false;

  const relay = (from: net.Socket, to: net.Socket) => {
    const entry: Relay = { from, to, held: [] };
    relays.push(entry);
    from.on('data', (chunk) => (paused ? entry.held.push(chunk) : to.write(chunk)));
    from.on('end', () => to.end());
    from.on('close', () => relays.splice(relays.indexOf(entry), 1));
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    relay(client, upstream);
    relay(upstream, client);
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
      for (const { to, held } of relays) for (const chunk of held.splice(0)) to.write(chunk);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}
