import { readConfig } from '../../src/config';
import type { AppDeps } from '../../src/deps';

/**
 * The development configuration, and for everything else a stub whose every property and call is
 * another stub: the route factories read the configuration and keep the rest for their requests,
 * so the routers can be built, walked and described without a database.
 */
export function stubDeps(): AppDeps {
  const config = readConfig({});
  const stub: unknown = new Proxy(() => stub, { get: (_target, key) => (key === 'then' ? undefined : stub) });
  return new Proxy({} as AppDeps, { get: (_target, key) => (key === 'config' ? config : stub) });
}
