import { createConnection, createServer, type Socket } from 'node:net';

/**
 * A TCP relay on a loopback port to another address: a real network path a test can cut (every
 * connection reset, nothing listening) and restore on the same port, as a database host that goes
 * away and comes back, or hold (connections stay open and nothing passes either way, as a host
 * behind a network that stopped delivering) and let go.
 */
export async function startTcpRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let holding = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (holding) socket.pause();
  };
  const server = createServer((client) => {
    const upstream = createConnection(target);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as { port: number }).port;
  return {
    port,
    /** Every connection reset and the port closed. */
    async cut() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
    /** Listening again on the same port. */
    restore: () => listen(port),
    /** Nothing passes any more, either way; connections stay open. */
    hold() {
      holding = true;
      for (const socket of sockets) socket.pause();
    },
    /** What was held passes again. */
    letGo() {
      holding = false;
      for (const socket of sockets) socket.resume();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}
