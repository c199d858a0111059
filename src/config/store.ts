import * as nodeFs from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type * as Z from '../zod-mini.js';
import { UsageError } from '../errors.js';
import { checkJsonDepth } from './json-file.js';

// Reading the config is on every command's start-up path. It is read synchronously: a file of a
// few hundred bytes, where the asynchronous calls started libuv's thread pool (its threads)
// for them alone, a measurable part of `feature get`; and node:fs/promises would load a dozen modules.
// Writing (auth) may use promises.
const statFile = (file: string) =>
  new Promise<nodeFs.Stats>((resolve, reject) => nodeFs.stat(file, (err, st) => (err ? reject(err) : resolve(st))));

type Schemas = typeof import('./config-schema.js');
const schema = () => import('./config-schema.js');

export type Profile = Z.output<Schemas['profileSchema']>;
export type Config = Z.output<Schemas['configSchema']>;

export function configDir(env: Record<string, string | undefined>): string {
  if (env.FLAGCTL_CONFIG_DIR) return env.FLAGCTL_CONFIG_DIR;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'flagctl');
}

export function configPath(dir: string): string {
  return join(dir, 'config.json');
}

/** Reads the config; a missing file is an empty config. A file others can read is refused, as ssh does. */
export async function readConfig(dir: string): Promise<Config> {
  const file = configPath(dir);
  let text: string;
  try {
    const stat = nodeFs.statSync(file);
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
      throw new UsageError(
        `${file} is readable by other users (mode ${(stat.mode & 0o777).toString(8)}); it holds API tokens, so flagctl will not use it`,
        `Fix it with: chmod 600 '${file}'`,
      );
    }
    text = nodeFs.readFileSync(file, 'utf8');
  } catch (err) {
    // What the schema makes of `{}`, without building it.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      return { version: 1, profiles: Object.create(null) as Config['profiles'] };
    throw err;
  }
  checkJsonDepth(text, file, 'not a flagctl config');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UsageError(`${file} is not valid JSON`, 'Fix or remove it, then run `flagctl auth login` again.');
  }
  const shapes = await schema();
  const parsed = shapes.configSchema.safeParse(data);
  if (!parsed.success) throw notAConfig(file, parsed.error.issues[0]);
  const given = (data as { profiles?: unknown }).profiles;
  return ownProfiles(shapes, parsed.data, given && typeof given === 'object' ? given : {}, file);
}

const notAConfig = (file: string, issue: { path: PropertyKey[]; message: string } | undefined) =>
  new UsageError(`${file} is not a flagctl config: ${issue?.path.map(String).join('.')}: ${issue?.message}`);

/**
 * The profiles keyed by name in an object without a prototype: a name is the user's word, so
 * `toString` must not find a method, and `__proto__` (which the schema's record drops) is a
 * profile like any other. Lookups go through `profileNamed`.
 */
function ownProfiles(shapes: Schemas, config: Config, given: object, file: string): Config {
  const profiles = Object.create(null) as Config['profiles'];
  for (const [name, raw] of Object.entries(given)) {
    const one = shapes.profileSchema.safeParse(raw);
    if (!one.success)
      throw notAConfig(file, {
        ...one.error.issues[0]!,
        path: ['profiles', name, ...(one.error.issues[0]?.path ?? [])],
      });
    profiles[name] = one.data;
  }
  return { ...config, profiles };
}

/** The stored profile of that name, if there is one (own members only). */
export function profileNamed(config: Config, name: string): Profile | undefined {
  return Object.hasOwn(config.profiles, name) ? config.profiles[name] : undefined;
}

/**
 * Refuses a config directory that other users can write (as ssh refuses such a ~/.ssh): they
 * could swap the file that holds the tokens. A missing directory is fine: writeConfig makes it.
 */
export async function checkConfigDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  let mode: number;
  try {
    mode = (await statFile(dir)).mode;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if ((mode & 0o022) !== 0) {
    throw new UsageError(
      `${dir} is writable by other users (mode ${(mode & 0o7777).toString(8)}); flagctl keeps API tokens only in a directory that only you can write`,
      `Set FLAGCTL_CONFIG_DIR to a private directory (flagctl creates a missing one with mode 700), or remove write access for others: chmod go-w '${dir}'`,
    );
  }
}

/**
 * Writes the config atomically (temp file, fsync, rename) with owner-only modes. A directory
 * it creates is 0700; an existing one keeps its mode (it may be shared with other files).
 */
export async function writeConfig(dir: string, config: Config): Promise<void> {
  await checkConfigDir(dir);
  const created = await nodeFs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode passes through the umask; only a directory made here is set exactly.
  if (created !== undefined) await nodeFs.promises.chmod(dir, 0o700);
  const file = configPath(dir);
  const tmp = join(dir, `.config.json.${process.pid}.${Date.now()}.tmp`);
  const handle = await nodeFs.promises.open(tmp, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(config, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await nodeFs.promises.rename(tmp, file);
  } catch (err) {
    await nodeFs.promises.rm(tmp, { force: true });
    throw err;
  }
}
