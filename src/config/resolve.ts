import { parseBaseUrl } from './url.js';
import { UsageError } from '../errors.js';
import { checkedToken } from './token.js';
import { profileNamed, type Config, type Profile } from './store.js';

export interface Target {
  url: string;
  token: string;
  /** The profile that supplied something, if any. */
  profile?: string;
  /** The profile's default project, else `default`. */
  project: string;
  /** Where the URL came from: `--url`, `FLAGCTL_URL`, `UNLEASH_URL` or `config`. */
  urlSource: string;
  /** Where the token came from: `FLAGCTL_TOKEN`, `UNLEASH_API_TOKEN` or `profile <name>`. */
  tokenSource: string;
}

export interface TargetFlags {
  url?: string;
  profile?: string;
}

/** The profile to use: --profile, then FLAGCTL_PROFILE, then the config's default, then `default`. */
export function profileName(flags: TargetFlags, env: Record<string, string | undefined>, config: Config): string {
  return flags.profile || env.FLAGCTL_PROFILE || config.defaultProfile || 'default';
}

/**
 * URL: --url, then FLAGCTL_URL / UNLEASH_URL, then the profile.
 * Token: FLAGCTL_TOKEN / UNLEASH_API_TOKEN, then a profile for that same URL, so a
 * stored token is never sent to a server it was not saved for.
 */
export function resolveTarget(flags: TargetFlags, env: Record<string, string | undefined>, config: Config): Target {
  const name = profileName(flags, env, config);
  const explicitProfile = Boolean(flags.profile || env.FLAGCTL_PROFILE);
  const selected: Profile | undefined = profileNamed(config, name);
  if (explicitProfile && !selected) {
    const known = Object.keys(config.profiles);
    throw new UsageError(
      `${flags.profile ? '--profile' : 'FLAGCTL_PROFILE'}: no profile named "${name}"${known.length ? ` (profiles: ${known.join(', ')})` : ''}`,
      `Create it with: flagctl auth login --url <server-url> --profile ${name}`,
    );
  }

  const urlSource = flags.url ? '--url' : env.FLAGCTL_URL ? 'FLAGCTL_URL' : env.UNLEASH_URL ? 'UNLEASH_URL' : undefined;
  const rawUrl = flags.url || env.FLAGCTL_URL || env.UNLEASH_URL || selected?.url;
  if (!rawUrl) {
    throw new UsageError(
      'no server URL: give --url, set FLAGCTL_URL, or log in',
      'Run: flagctl auth login --url <server-url>',
    );
  }
  const url = parseBaseUrl(rawUrl, urlSource ?? `profile "${name}" url`);

  const envToken = env.FLAGCTL_TOKEN || env.UNLEASH_API_TOKEN;
  const owner = selected && sameServer(selected.url, url) ? name : findProfileFor(config, url);
  const rawToken = envToken || (owner ? profileNamed(config, owner)?.token : undefined);
  const tokenSource = env.FLAGCTL_TOKEN
    ? 'FLAGCTL_TOKEN'
    : env.UNLEASH_API_TOKEN
      ? 'UNLEASH_API_TOKEN'
      : `profile ${owner}`;
  const token = rawToken && checkedToken(rawToken, envToken ? tokenSource : `the token of profile "${owner}"`);
  if (!token) {
    throw new UsageError(`no API token for ${url}`, `Run \`flagctl auth login --url ${url}\`, or set FLAGCTL_TOKEN.`);
  }
  const projectFrom = owner ? profileNamed(config, owner) : selected;
  const profile = owner ?? (selected ? name : undefined);
  return {
    url,
    token,
    profile,
    project: projectFrom?.project || 'default',
    urlSource: urlSource ?? 'config',
    tokenSource,
  };
}

function findProfileFor(config: Config, url: string): string | undefined {
  return Object.entries(config.profiles).find(([, p]) => sameServer(p.url, url))?.[0];
}

function sameServer(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}
