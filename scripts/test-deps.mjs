// The shells the completion tests run in: bash, zsh and fish. `npm test` runs this first; on a
// machine without zsh or fish it installs them with apt-get (Debian's packages) when it can,
// and otherwise says what to install. Nothing else is installed from outside npm.
import { spawnSync } from 'node:child_process';

const SHELLS = ['bash', 'zsh', 'fish'];
const missing = SHELLS.filter((shell) => spawnSync(shell, ['--version'], { stdio: 'ignore' }).status !== 0);
if (missing.length === 0) process.exit(0);

const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
if (!canInstall) {
  console.error(
    `flagctl tests: the completion tests need ${missing.join(' and ')}; install them (e.g. apt-get install ${missing.join(' ')}) and run npm test again`,
  );
  process.exit(1);
}
console.error(`flagctl tests: installing ${missing.join(' and ')} with apt-get for the completion tests`);
const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
let r = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], quiet);
if (r.status !== 0) {
  spawnSync('apt-get', ['update'], quiet);
  r = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], quiet);
}
process.exit(r.status ?? 1);
