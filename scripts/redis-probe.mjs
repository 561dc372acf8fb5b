/**
 * One PING with a short deadline: `npm start` and `npm run start:prod` run the mail worker only
 * when Redis answers (without it the API sends mails itself). Imported after `npm install`.
 */
export async function redisReachable(url) {
  const { Redis } = await import('ioredis');
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
