/**
 * Validates a collection file against the official pain.008.001.08 XSD (test/fixtures/iso20022,
 * source in its README) with xmllint, as a bank's front end would before taking it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const SCHEMA = fileURLToPath(new URL('../fixtures/iso20022/pain.008.001.08.xsd', import.meta.url));

/** xmllint's verdict: `valid`, and what it said (the file's errors, each with its line). */
export async function validatePain008(xml: string): Promise<{ valid: boolean; output: string }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'pain008-'));
  const file = path.join(folder, 'collection.xml');
  try {
    await writeFile(file, xml);
    const { stderr } = await promisify(execFile)('xmllint', ['--noout', '--schema', SCHEMA, file]);
    return { valid: true, output: stderr };
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    return { valid: false, output: failed.stderr ?? failed.message };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
