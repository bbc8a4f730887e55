import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay on a loopback port to a real server (PostgreSQL, Redis), that a fault test can
 * stop and start again on the same port: what an app sees when its database restarts or the
 * network drops, without touching the machine's own services. `hang()` keeps the connections
 * open but stops relaying: a server that no longer answers.
 */
export interface TcpProxy {
  readonly port: number;
  /** Refuses new connections and ends open ones. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops relaying bytes (both ways) without closing anything, until resume(). */
  hang(): void;
  resume(): void;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let hung = false;
  const paused = new Set<Socket>();

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = createConnection(target);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => {});
          socket.on('close', () => {
            sockets.delete(socket);
            paused.delete(socket);
            client.destroy();
            upstream.destroy();
          });
          if (hung) {
            socket.pause();
            paused.add(socket);
          }
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    async stop() {
      const s = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    start: listen,
    hang() {
      hung = true;
      for (const socket of sockets) {
        socket.pause();
        paused.add(socket);
      }
    },
    resume() {
      hung = false;
      for (const socket of paused) socket.resume();
      paused.clear();
    },
  };
}
