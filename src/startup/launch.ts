import { writeSync } from 'node:fs';
import { sep } from 'node:path';
import { cacheDir, runWithCodeCache } from './code-cache.js';
import { commandWords, fastPathFirst, onlyVersion } from './route.js';

// The npm package's start (dist/launch.cjs, which bin/flagctl requires): `--version` at once,
// else the CLI's bundle from its code cache (code-cache.ts), the fast path of `feature get`
// first. docs/performance.md ("Start-up") has what each step is measured to save.

export function launch(argv: readonly string[] = process.argv.slice(2), dist: string = __dirname): void {
  if (onlyVersion(argv)) {
    writeSync(1, `${process.env.FLAGCTL_BUILD_VERSION}\n`);
    return;
  }
  const dir = cacheDir(process.env);
  const words = commandWords(argv);
  const whole = () => void runWithCodeCache(`${dist}${sep}flagctl.cjs`, dir, words).run();
  if (!fastPathFirst(argv)) return whole();
  let ran = false;
  void runWithCodeCache(`${dist}${sep}feature-get.cjs`, dir, words, () => ran)
    .run()
    .then((yes) => {
      ran = yes === true;
      if (!ran) whole();
    });
}
