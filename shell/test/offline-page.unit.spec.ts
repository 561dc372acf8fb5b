import { describe, expect, it } from 'vitest';
import { offlineTexts } from '@platzbuchung/domain/offline-texts';
import { offlinePage } from '../src/sw/offline-page';

const copy = {
  readOn: 'So., 29.11.2026',
  readAt: '18:04',
  bookings: [
    { day: 'Di., 01.12.2026', time: '10-11 Uhr', court: 'Platz 2', note: '' },
    {
      day: 'Mi., 02.12.2026',
      time: '18-19 Uhr',
      court: '<Center> Court',
      note: 'Als Mitspieler eingetragen',
    },
  ],
};

describe('the offline page', () => {
  it('lists the kept bookings with when they were read, and links back to the app', () => {
    const page = offlinePage(copy, 'Platzbuchung', '/reservations');
    expect(page).toContain(offlineTexts.readAt('So., 29.11.2026', '18:04'));
    expect(page).toContain('Offline – Stand So., 29.11.2026, 18:04 Uhr');
    expect(page).toContain('<div class="when">Di., 01.12.2026, 10-11 Uhr</div><div>Platz 2</div></li>');
    expect(page).toContain('<a href="/reservations">Erneut versuchen</a>');
    expect(page).not.toContain('<script');
  });

  it('escapes what the copy holds: a court name is text, never markup', () => {
    expect(offlinePage(copy, 'Platzbuchung', '/reservations')).toContain('&#60;Center&#62; Court');
  });

  it('says when nothing is booked, and when nothing was kept', () => {
    expect(offlinePage({ ...copy, bookings: [] }, 'Platzbuchung', '/')).toContain(offlineTexts.none);
    const none = offlinePage(null, 'Platzbuchung', '/');
    expect(none).toContain(offlineTexts.noCopy);
    expect(none).not.toContain('Offline – Stand');
  });
});
