/**
 * `npm run migrate` (latest) or `npm run migrate -- down` (roll everything back) on DATABASE_URL, or
 * on the embedded PostgreSQL that `npm start` runs.
 */
import { readToolConfig } from './config';
import { connectDb } from './db/connect';
import { migrateLatest, migrateRollbackAll } from './db/migrate';

const db = connectDb(readToolConfig().databaseUrl, { max: 1 });
try {
  if (process.argv[2] === 'down') {
    await migrateRollbackAll(db);
    console.log('all migrations rolled back');
  } else {
    const applied = await migrateLatest(db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'already up to date');
  }
} finally {
  await db.destroy();
}
