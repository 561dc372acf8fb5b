import { describe, expect, it } from 'vitest';
import { acceptsBrotli, acceptsGzip } from '../src/http/compression';

describe('which compression a client takes', () => {
  it("reads a browser's list, with or without spaces and weights", () => {
    for (const header of ['gzip, deflate, br, zstd', 'gzip,br', 'br;q=0.9, gzip;q=0.8', 'BR, GZIP']) {
      expect(acceptsBrotli(header)).toBe(true);
      expect(acceptsGzip(header)).toBe(true);
    }
  });

  it('refuses a coding the client weighs q=0, and one it does not name', () => {
    expect(acceptsBrotli('gzip, br;q=0')).toBe(false);
    expect(acceptsBrotli('br; q=0.0, gzip')).toBe(false);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsBrotli('gzip, deflate')).toBe(false);
    expect(acceptsBrotli('brotli')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
  });
});
