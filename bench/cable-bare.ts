/**
 * The baseline of bench/cable: a bare `ws` broadcast server speaking just enough of the ActionCable
 * protocol for the same clients (welcome, confirm every subscribe, ping every 3 s), with nothing
 * else: no sessions, no channels, no database. `POST /broadcast` sends one alert-sized message to
 * every socket, serialised once; with REDIS_URL it goes through Redis pub/sub first, as the app's does.
 *
 *   PORT=4000 [REDIS_URL=redis://127.0.0.1:6379 REDIS_CHANNEL=…] node --import tsx bench/cable-bare.ts
 */
import { createServer } from 'node:http';
import { Redis } from 'ioredis';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

const PROTOCOL = 'actioncable-v1-json';
const sockets = new Set<WebSocket>();
const wss = new WebSocketServer({
  noServer: true,
  clientTracking: false,
  perMessageDeflate: false,
  handleProtocols: (protocols) => (protocols.has(PROTOCOL) ? PROTOCOL : false),
});

function onMessage(this: WebSocket, data: RawData) {
  const command = JSON.parse(Buffer.isBuffer(data) ? data.toString() : '{}') as { command?: string; identifier?: string };
  if (command.command === 'subscribe') this.send(JSON.stringify({ identifier: command.identifier, type: 'confirm_subscription' }));
}

function deliver(messageJson: string) {
  const frame = `{"identifier":${JSON.stringify(JSON.stringify({ channel: 'Content::AlertsChannel' }))},"message":${messageJson}}`;
  for (const socket of sockets) socket.send(frame);
}

setInterval(() => {
  const ping = JSON.stringify({ type: 'ping', message: Math.floor(Date.now() / 1000) });
  for (const socket of sockets) socket.send(ping);
}, 3_000).unref();

const channel = process.env.REDIS_CHANNEL ?? 'newsreel:bench-bare';
const publisher = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : null;
if (publisher) {
  const subscriber = publisher.duplicate();
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel: string, payload: string) => deliver(payload));
}

const server = createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/broadcast') {
    // The size and shape of the app's alert message.
    const alert = {
      id: Date.now() % 1_000_000,
      updated_at: new Date().toISOString(),
      title: 'Breaking: bench alert',
      alert_type: 'red',
      target_link_to: 'custom',
      custom_url: '/videos',
      live_event_extid: null,
    };
    const message = JSON.stringify({ type: 'created', alert });
    if (publisher) void publisher.publish(channel, message);
    else setImmediate(deliver, message);
    response.writeHead(204).end();
  } else response.writeHead(200).end('ok');
});
server.on('upgrade', (request, socket, head) => {
  wss.handleUpgrade(request, socket, head, (ws) => {
    sockets.add(ws);
    ws.on('message', onMessage);
    ws.on('close', () => sockets.delete(ws));
    ws.on('error', () => undefined);
    ws.send(JSON.stringify({ type: 'welcome' }));
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
