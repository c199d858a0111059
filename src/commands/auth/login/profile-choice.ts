import { profileNamed, type Config } from '../../../config/store.js';
import { UsageError } from '../../../errors.js';
import type { IO } from '../../../io.js';

/** A profile name is a word in the config file and in shell completion. */
export const PROFILE_NAME = /^[A-Za-z0-9._-]{1,64}$/;

export interface ProfileChoice {
  name: string;
  /** The URL of another server whose profile this login replaces (only when --profile asked for it). */
  replaces?: string;
}

const sameServer = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** `unleash.example.com`, `127.0.0.1-4242`: a server's host as a profile name. */
export function hostProfileName(url: string): string {
  return new URL(url).host.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 64) || 'server';
}

/**
 * The profile a login saves into. A named profile (--profile, FLAGCTL_PROFILE) is what was
 * asked for. Otherwise a login never takes another server's profile, as gh keeps one entry per
 * host and kubectl one context per cluster: the same server's profile gets the new token; the
 * active profile's name is used while nothing holds it; else the server's host names a new
 * profile. Only when that name is taken by yet another server is a person asked (a script is
 * told to name one).
 */
export async function chooseProfile(
  config: Config,
  url: string,
  named: string | undefined,
  ask: ((question: string) => Promise<string>) | undefined,
): Promise<ProfileChoice> {
  if (named !== undefined) {
    const old = profileNamed(config, named);
    return { name: named, ...(old && !sameServer(old.url, url) ? { replaces: old.url } : {}) };
  }
  const active = config.defaultProfile ?? 'default';
  const activeProfile = profileNamed(config, active);
  if (!activeProfile || sameServer(activeProfile.url, url)) return { name: active };
  const same = Object.entries(config.profiles).find(([, p]) => sameServer(p.url, url));
  if (same) return { name: same[0] };
  const host = hostProfileName(url);
  const holder = profileNamed(config, host);
  if (!holder) return { name: host };
  const taken = `profile "${host}" is already saved for ${holder.url}`;
  if (!ask) {
    throw new UsageError(
      `${taken}; flagctl does not replace another server's profile unasked`,
      `Name the profile for ${url}: flagctl auth login --url ${url} --profile <name>`,
    );
  }
  const answer = (await ask(`${taken}. Name for the profile of ${url}: `)).trim();
  if (!PROFILE_NAME.test(answer))
    throw new UsageError(`profile name "${answer}": use 1 to 64 letters, digits, ".", "_" or "-"`);
  const old = profileNamed(config, answer);
  if (old && !sameServer(old.url, url))
    throw new UsageError(
      `profile "${answer}" is already saved for ${old.url}; give a new name, or --profile ${answer} to replace it`,
    );
  return { name: answer };
}

/** A line typed at the terminal (echoed): the answer to a question on stderr. */
export function askLine(io: IO): (question: string) => Promise<string> {
  return async (question) => {
    const { createInterface } = await import('node:readline');
    const rl = createInterface({
      input: io.stdin as NodeJS.ReadableStream,
      output: io.stderr as NodeJS.WritableStream,
      terminal: false,
    });
    try {
      return await new Promise<string>((resolve) => {
        rl.question(question, resolve);
        rl.once('close', () => resolve(''));
      });
    } finally {
      rl.close();
    }
  };
}
