import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestApi, type TestApi, type TestApiOptions } from './test-api';

export interface ApiForFileOptions extends TestApiOptions {
  /** The clock every test of the file starts from; unset: the real time. */
  now?: Date;
}

/**
 * One API for the whole test file: it starts before the first test and closes after the last, and
 * with `now` its clock is set back to that moment before each test. The answer stands for the API
 * from `beforeAll` on; touching it earlier (at import time) is a mistake in the test, said as such.
 */
export function apiForFile(options: ApiForFileOptions = {}): TestApi {
  const { now, ...apiOptions } = options;
  let started: TestApi | undefined;
  beforeAll(async () => {
    started = await startTestApi(apiOptions);
  });
  afterAll(() => started?.close());
  if (now) beforeEach(() => started?.setNow(now));
  return new Proxy({} as TestApi, {
    get(_target, property) {
      if (!started) throw new Error('apiForFile: the API starts in beforeAll; use it inside a test or hook');
      return Reflect.get(started, property);
    },
  });
}
