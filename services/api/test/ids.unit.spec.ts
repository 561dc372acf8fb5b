import { describe, expect, it } from 'vitest';
import { newId } from '../src/ids';

describe('new ids', () => {
  it('are version 7 UUIDs whose order is the order they were made in', async () => {
    const made: string[] = [];
    for (let n = 0; n < 5; n++) {
      made.push(newId());
      // Another millisecond, so the order is the clock's, not only the counter's within one.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    for (const id of made)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });

  it('say when they were made, to the millisecond', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    const madeAt = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(madeAt).toBeGreaterThanOrEqual(before);
    expect(madeAt).toBeLessThanOrEqual(after);
  });
});
