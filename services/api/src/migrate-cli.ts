/** `npm run migrate` (latest) or `npm run migrate -- down` (roll everything back) on DATABASE_URL. */
import { connectDb } from './db/connect';
import { migrateLatest, migrateRollbackAll } from './db/migrate';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(1);
}
const db = connectDb(url, { max: 1 });
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
