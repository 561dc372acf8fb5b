/**
 * One connection that LISTENs on a PostgreSQL channel and, when it breaks, is opened again after a
 * pause. It lives outside any pool. Notifications only wake their readers sooner: whoever listens
 * also looks on a timer, and `onOpen` tells them to look at once after each (re)connect, since
 * notifications sent while nobody listened are lost. The API listens for appended events, the
 * mailer for new outbox rows.
 */
import pg from 'pg';
import { hostResolver } from './database-hosts';

export interface ChannelListener {
  onNotify(payload: string): void;
  /** (Re)connected: something may have happened while nobody listened. */
  onOpen(): void;
}

export interface ListenOptions {
  readonly reconnectMs: number;
  readonly applicationName: string;
  readonly logger: { warn(details: object, message: string): void };
}

export function listenOn(
  databaseUrl: string,
  channel: string,
  { reconnectMs, applicationName, logger }: ListenOptions,
  listener: ChannelListener,
): { close(): Promise<void> } {
  // A channel is one of our own constants; checked, since LISTEN takes no parameter.
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let current: pg.Client | undefined;
  let reconnect: NodeJS.Timeout | undefined;
  let closed = false;

  const drop = (client: pg.Client, err?: unknown) => {
    if (client !== current) return;
    current = undefined;
    client.end().catch(() => undefined);
    if (closed) return;
    logger.warn({ err, channel, retryInMs: reconnectMs }, 'not listening; polling until reconnected');
    reconnect = setTimeout(connect, reconnectMs);
  };

  // LISTEN needs the primary: with several hosts in the URL, the writable one is looked for first.
  const resolveHost = hostResolver(databaseUrl, { application_name: applicationName });

  const connect = () => {
    reconnect = undefined;
    resolveHost().then(listen, (err: unknown) => {
      if (closed) return;
      logger.warn({ err, channel, retryInMs: reconnectMs }, 'not listening; polling until reconnected');
      reconnect = setTimeout(connect, reconnectMs);
    });
  };

  const listen = (settings: pg.ClientConfig) => {
    if (closed) return;
    const client = new pg.Client(settings);
    current = client;
    client.on('notification', (message) => listener.onNotify(message.payload ?? ''));
    client.on('error', (err) => drop(client, err));
    client.on('end', () => drop(client));
    client
      .connect()
      .then(() => client.query(`LISTEN ${channel}`))
      .then(
        () => {
          if (client === current) listener.onOpen();
        },
        (err: unknown) => drop(client, err),
      );
  };

  connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(reconnect);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
