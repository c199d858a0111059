import { UsageError } from '../errors.js';

// What `flagctl diff <left> <right>` accepts for each side:
//   ENV           an environment of the current server
//   PROFILE:ENV   an environment of another stored profile's server
//   @FILE         the one environment of a snapshot from `flagctl export`
//   @FILE:ENV     one environment of a snapshot that holds several

export type SideSpec =
  | { kind: 'env'; text: string; env: string }
  | { kind: 'profile'; text: string; profile: string; env: string }
  | { kind: 'file'; text: string; path: string; env?: string };

export const SIDE_FORMS = 'ENV, PROFILE:ENV, @FILE or @FILE:ENV';

/**
 * Reads one side. `isFile` decides `@a:b`: when the whole of `a:b` names an existing file
 * it is that file; otherwise `b` is the environment in file `a`.
 */
export function parseSide(text: string, which: 'left' | 'right', isFile: (path: string) => boolean): SideSpec {
  const bad = (why: string) => new UsageError(`${which} side "${text}": ${why}; expected ${SIDE_FORMS}`);
  if (text.trim() === '') throw bad('empty');
  if (text.startsWith('@')) {
    const rest = text.slice(1);
    if (rest === '') throw bad('no file after @');
    const colon = rest.lastIndexOf(':');
    if (colon < 0 || isFile(rest)) return { kind: 'file', text, path: rest };
    const path = rest.slice(0, colon);
    const env = rest.slice(colon + 1);
    if (path === '') throw bad('no file after @');
    if (env === '') throw bad('no environment after ":"');
    return { kind: 'file', text, path, env };
  }
  const colon = text.indexOf(':');
  if (colon < 0) return { kind: 'env', text, env: text };
  const profile = text.slice(0, colon);
  const env = text.slice(colon + 1);
  if (profile === '') throw bad('no profile before ":"');
  if (env === '' || env.includes(':')) throw bad('expected one environment after the profile');
  return { kind: 'profile', text, profile, env };
}
