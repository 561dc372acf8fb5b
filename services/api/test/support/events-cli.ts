import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run events -- …` as operators do, against `databaseUrl`, without blocking this process
 * (a test server in it keeps answering meanwhile).
 */
export function runEventsCli(databaseUrl: string, ...args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      `${REPO_ROOT}node_modules/.bin/tsx`,
      [`${REPO_ROOT}services/api/src/events-cli.ts`, ...args],
      { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
