/**
 * bcrypt on a worker thread: a hash takes tens of milliseconds of pure computation, which here
 * never holds up the API's event loop. One task at a time per thread, so the sync calls are right.
 */
import bcrypt from 'bcryptjs';

export function hash({ password, cost }) {
  return bcrypt.hashSync(password, cost);
}

export function verify({ password, hash }) {
  return bcrypt.compareSync(password, hash);
}
