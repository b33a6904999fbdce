import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A cap on the connections one client address holds open at once: past it, a new connection is
 * closed at once, so one client cannot hold every socket the server has (the timeouts end slow
 * ones; this bounds how many there can be meanwhile).
 */
export function capConnectionsPerAddress(server: Server, max: number) {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
