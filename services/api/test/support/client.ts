import { checkDescribedAnswer } from './described-answers';

/**
 * A small HTTP client that keeps cookies like a browser would, so tests can follow a session
 * through login, requests and logout. Every answer it reads must be one the API's description
 * describes (./described-answers).
 */
export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export class TestClient {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  setCookieHeader(header: string): void {
    this.cookies = new Map(header.split('; ').map((pair) => pair.split('=') as [string, string]));
  }

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<JsonResponse<T>> {
    const init: RequestInit = { method, headers: { Accept: 'application/json', ...headers } };
    if (this.cookies.size) (init.headers as Record<string, string>).Cookie = this.cookieHeader();
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, init);
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      if (!name) continue;
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(setCookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    if (response.headers.get('Content-Type')?.startsWith('text/event-stream')) {
      // A live stream never ends by itself: the answer's status and headers are what is asked.
      await response.body?.cancel();
      checkDescribedAnswer({
        method,
        url: path,
        status: response.status,
        contentType: response.headers.get('Content-Type'),
        body: undefined,
      });
      return { status: response.status, body: undefined as T, headers: response.headers };
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the test sees the text.
    }
    checkDescribedAnswer({
      method,
      url: path,
      status: response.status,
      contentType: response.headers.get('Content-Type'),
      body: parsed,
    });
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = unknown>(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
}
