import { describe, expect, it } from 'vitest';
import { serveRulesFor } from '../src/http/static-files';

describe('what the static servers may hand out', () => {
  it('source maps in development, none with NODE_ENV=production (the remotes’ server asks the same)', () => {
    expect(serveRulesFor({})).toEqual({ sourceMaps: true });
    expect(serveRulesFor({ NODE_ENV: 'development' })).toEqual({ sourceMaps: true });
    expect(serveRulesFor({ NODE_ENV: 'production' })).toEqual({ sourceMaps: false });
  });
});
