import net from 'node:net';

export type RelayMode = 'pass' | 'refuse' | 'silent' | 'slow' | 'lagging';

export interface PgRelayOptions {
  /** How long the 'slow' mode holds each new connection before passing it on. */
  slowAcceptMs: number;
  /** How late the 'lagging' mode passes on each of PostgreSQL's answers. */
  lagMs?: number;
}

/**
 * A loopback TCP relay to the PostgreSQL at `url` that a test can cut (refuse), turn into a black
 * hole (accept, never answer), slow down (pass each new connection on only after `slowAcceptMs`)
 * or make lag (pass on each of PostgreSQL's answers `lagMs` late). `url` is the database's address
 * through the relay; `set` changes the mode and drops the connections open so far.
 */
export async function relayTo(databaseUrl: string, { slowAcceptMs, lagMs = 0 }: PgRelayOptions) {
  const target = new URL(databaseUrl);
  let mode: RelayMode = 'pass';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'refuse') return void client.destroy();
    if (mode === 'silent') return;
    const pass = () => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
      client.pipe(upstream);
      if (mode !== 'lagging') upstream.pipe(client);
      else upstream.on('data', (chunk) => setTimeout(() => client.writable && client.write(chunk), lagMs));
    };
    if (mode !== 'slow') return pass();
    // A client that gave up while held never reaches PostgreSQL.
    const held = setTimeout(pass, slowAcceptMs);
    client.on('close', () => clearTimeout(held));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(databaseUrl);
  relayed.hostname = '127.0.0.1';
  relayed.port = String((server.address() as net.AddressInfo).port);
  return {
    url: relayed.toString(),
    set(next: RelayMode) {
      mode = next;
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
