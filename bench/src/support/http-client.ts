/**
 * The HTTP client of the benches that make load (writes, rush): node:http over kept-alive sockets,
 * asking for compressed answers as a browser does but leaving them packed. The load generator
 * shares the two cores with the API and PostgreSQL; `fetch` (undici) cost the bench process
 * 1.1–1.4 ms of CPU per booking, a third of what the API spent, partly on unpacking answers a phone
 * would unpack on its own CPU. What the API does for a request is the same with either client.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

interface Answer {
  status: number;
  /** The body as text, unpacked (it comes packed when the API compressed it): only where read. */
  text(): string;
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
}

/** What a phone's browser says it accepts. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

/** How an answer is unpacked, by its Content-Encoding (the API sends gzip or Brotli, or neither). */
const UNPACK: Record<string, (body: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync };

export class KeptAliveClient {
  private readonly agent: http.Agent;

  constructor(maxSockets: number) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  request(url: string, { method = 'GET', headers = {}, json }: RequestOptions = {}): Promise<Answer> {
    const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    return new Promise((resolve, reject) => {
      const request = http.request(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            'Accept-Encoding': ACCEPT_ENCODING,
            ...(body ? { 'Content-Type': 'application/json', 'Content-Length': String(body.length) } : {}),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const body = Buffer.concat(chunks);
            const unpack = UNPACK[response.headers['content-encoding'] ?? ''];
            resolve({
              status: response.statusCode ?? 0,
              text: () => (unpack ? unpack(body) : body).toString('utf8'),
            });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
