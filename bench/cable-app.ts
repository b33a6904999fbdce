/**
 * The app as bench/cable runs it: started as src/server/main.ts starts it (its config, database,
 * services and routes, /cable among them), plus a trigger on a second port that bench/cable-bare.ts
 * has too: `POST /broadcast` calls the app's own broadcaster with an alert-sized message, stamped
 * as it is made. Fan-out is then timed from the same instant in both servers; the time an admin's
 * request takes before its broadcast is measured apart (bench/cable's `app-admin` mode).
 *
 *   PORT=4000 TRIGGER_PORT=4001 DATA_DIR=… SEED_DEMO=no node --import tsx bench/cable-app.ts
 */
import { createServer } from 'node:http';
import pino from 'pino';
import type { Alert } from '../src/common/alerts.ts';
import { CHANNELS } from '../src/common/realtime.ts';
import { buildApp } from '../src/server/app.ts';
import { parseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { prepareDatabase } from '../src/server/db/prepare.ts';
import { ALERTS_STREAM } from '../src/server/modules/realtime/channels.ts';
import { createServices } from '../src/server/services.ts';

const config = parseConfig(process.env, {});
const database = await openDatabase(config);
await prepareDatabase(database, { seedDemo: false });
const services = await createServices(config, database, pino({ level: config.logLevel === 'silent' ? 'silent' : config.logLevel }));
const app = await buildApp(config, services);
await app.listen({ host: '127.0.0.1', port: config.port });

let sequence = 0;
const trigger = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/broadcast') return void response.writeHead(200).end('ok');
  sequence += 1;
  const alert: Alert = {
    id: sequence,
    updated_at: new Date().toISOString(),
    title: `Breaking: bench alert ${sequence}`,
    alert_type: 'red',
    target_link_to: 'custom',
    custom_url: '/videos',
    live_event_extid: null,
  };
  services.broadcaster.broadcast(CHANNELS.alerts, ALERTS_STREAM, { type: 'created', alert });
  response.writeHead(204).end();
});
trigger.listen(Number(process.env.TRIGGER_PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
