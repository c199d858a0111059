import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { OutputError } from '../../../errors.js';
import type { Plan } from '../../../retire/model.js';

/**
 * `retire plan --out`: the plan document, written whole or not at all (a temporary file beside
 * it, synced, then renamed over it), so that a job cancelled while writing leaves no half plan
 * for a later apply to refuse or misread.
 */
export async function writePlanFile(file: string, plan: Plan): Promise<void> {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    const handle = await open(tmp, 'w', 0o644);
    try {
      await handle.writeFile(`${JSON.stringify(plan, null, 2)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw new OutputError(`${file} (--out)`, err as NodeJS.ErrnoException);
  }
}
