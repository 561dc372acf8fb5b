import { describe, expect, it } from 'vitest';
import { createLogger, withoutAddresses } from '../src/logger';
import { TestClient } from './support/client';
import { PASSWORD, registerClub, signUp, unique } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

const lines: string[] = [];
const sink = { write: (line: string) => void lines.push(line) };
const api = apiForFile({ logDestination: sink });

const ADDRESS = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/i;

describe('the API log', () => {
  it('holds no e-mail address after a sign-up, a login, a failed login and a forgot-password', async () => {
    const { club, email: adminEmail } = await registerClub(api.url);
    const { email } = await signUp(api.url, club._id);
    const anonymous = new TestClient(api.url);
    const steps = [
      await anonymous.post('/api/login', { email, password: PASSWORD }),
      await new TestClient(api.url).post('/api/login', { email, password: 'Falsch123!' }),
      await new TestClient(api.url).post('/api/login', {
        email: `niemand-${unique()}@example.de`,
        password: PASSWORD,
      }),
      await new TestClient(api.url).post('/api/forgot-password', { email }),
      await new TestClient(api.url).post('/api/forgot-password', { email: `niemand-${unique()}@example.de` }),
      await new TestClient(api.url).post('/api/signup', {
        club_id: club._id,
        first_name: 'A',
        last_name: 'B',
        email: adminEmail,
        password: PASSWORD,
        privacy: 'agree',
      }),
    ];
    expect(steps.map((step) => step.status)).toEqual([200, 401, 401, 200, 200, 400]);
    // The reset mail is prepared after the answer; its log line comes then.
    await expect.poll(() => lines.some((line) => line.includes('password reset requested'))).toBe(true);
    expect(lines.filter((line) => line.includes('"request"')).length).toBeGreaterThanOrEqual(8);
    expect(lines.filter((line) => ADDRESS.test(line))).toEqual([]);
  });

  it('writes no address even where a call passes one, as a database error’s detail does', () => {
    const written: string[] = [];
    const logger = createLogger('test', 'info', { write: (line: string) => void written.push(line) });
    const err = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_lower_key"'),
      {
        detail: 'Key (lower(email))=(anna.alt@example.de) already exists.',
      },
    );
    logger.error({ err, to: 'Anna.Alt+tennis@mail.example.co.uk' }, 'request failed');
    expect(written).toHaveLength(1);
    expect(written[0]).not.toMatch(ADDRESS);
    expect(JSON.parse(written[0]!).err.detail).toBe('Key (lower(email))=([Adresse]) already exists.');
    expect(withoutAddresses('an x@y.de b')).toBe('an [Adresse] b');
  });
});
