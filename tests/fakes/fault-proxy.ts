import net from 'node:net';

export type FaultProxy = {
  port: number;
  /** Connections currently open through the proxy. */
  open: () => number;
  /** Resets every open connection at once, as a database restart or a network blip does. */
  cut(): void;
  /** While down, new connections are reset as soon as they arrive (and open ones are cut): the database is gone. */
  setDown(down: boolean): void;
  close(): Promise<void>;
};

/**
 * A TCP proxy on 127.0.0.1 in front of a database (a host and port, or a Unix socket), that a test can cut or take
 * down: the fault a PostgreSQL restart causes, without restarting anything. Each side's error only ends its pair.
 */
export async function startFaultProxy(target: net.NetConnectOpts): Promise<FaultProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      if (!client.destroyed) client.resetAndDestroy();
      if (!upstream.destroyed) upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    for (const { client, upstream } of [...pairs]) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    open: () => pairs.size,
    cut,
    setDown(value) {
      down = value;
      if (down) cut();
    },
    close: () =>
      new Promise<void>((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}
