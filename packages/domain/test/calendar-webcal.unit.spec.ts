import { describe, expect, it } from 'vitest';
import { webcalAddress } from '../src/calendar/texts';

describe('the calendar link for one-tap subscribing', () => {
  it('hands the feed to the calendar app with webcal://, whatever the scheme', () => {
    expect(webcalAddress('https://platz.example.de/api/calendar/abc.ics')).toBe(
      'webcal://platz.example.de/api/calendar/abc.ics',
    );
    expect(webcalAddress('http://localhost:3000/api/calendar/abc.ics')).toBe(
      'webcal://localhost:3000/api/calendar/abc.ics',
    );
  });
});
