/**
 * An open-loop load: requests leave on a fixed clock, `rate` per second, whether or not the earlier
 * ones were answered, as visitors arrive at a site. Each latency runs from the request's scheduled
 * time, not from when it got out: a closed loop (autocannon, also with its `overallRate`) sends the
 * next request only after an answer, so a stalled server is asked less and its stall is counted
 * once instead of for every visitor who waited ("coordinated omission"). node:http over kept-alive
 * sockets, as the writes' client (./http-client): the generator shares the two cores with the API.
 */
import http from 'node:http';
import { percentile } from './stats';

export interface OpenLoopFigures {
  /** Answers per second over the run's scheduled length. */
  rps: number;
  p50: number;
  p99: number;
  /** The slowest answer, in ms from its scheduled time. */
  max: number;
  /** Requests not answered 2xx (errors included). */
  failed: number;
  /** How far the clock fell behind its schedule at worst, in ms: above a few ms the generator itself was late. */
  lateMs: number;
}

/**
 * Sends `rate` requests a second to `url` for `seconds`, each from its slot on the clock, over up
 * to `sockets` kept-alive connections (a request finding them all busy waits, and that wait counts).
 */
export async function openLoop(
  url: string,
  headers: Record<string, string>,
  rate: number,
  seconds: number,
  sockets = 256,
): Promise<OpenLoopFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let failed = 0;
  let lateMs = 0;
  let sent = 0;
  try {
    await new Promise<void>((resolve) => {
      let answered = 0;
      const done = () => {
        answered++;
        if (answered === total) resolve();
      };
      const send = (scheduled: number) => {
        const request = http.get(url, { agent, headers }, (response) => {
          response.on('data', () => {});
          response.on('end', () => {
            if ((response.statusCode ?? 0) >= 300) failed++;
            else latencies.push(performance.now() - scheduled);
            done();
          });
          response.on('error', () => {
            failed++;
            done();
          });
        });
        request.on('error', () => {
          failed++;
          done();
        });
      };
      const start = performance.now();
      const tick = () => {
        const now = performance.now();
        // Every request whose slot has come goes out now, each timed from its own slot.
        while (sent < total && start + sent * interval <= now) {
          lateMs = Math.max(lateMs, now - (start + sent * interval));
          send(start + sent * interval);
          sent++;
        }
        if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      };
      tick();
    });
  } finally {
    agent.destroy();
  }
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(0, ...latencies),
    failed,
    lateMs,
  };
}
