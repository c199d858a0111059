import { OptionValueError } from '../../errors.js';
import type { ServerNames, ServerValues } from '../option-spec.js';

// A value made of names on the server travels through the completion scripts as one marker
// line, `@projects;list`, `@environments;then=enabled/disabled`, `@environments;after=environment:`,
// which the scripts hand back to `flagctl completion --server-names` with the text typed so
// far. The shape of the value is worked out here, once, rather than in three shell dialects:
// flagctl prints whole words and the shell keeps those that start with what is typed.

export const SERVER_KINDS = ['features', 'archived', 'projects', 'environments', 'segments', 'plan'] as const;

const asValues = (v: ServerNames | ServerValues): ServerValues => (typeof v === 'string' ? { names: v } : v);

/** The marker of a value, without the @. */
export function serverMarker(source: ServerNames | ServerValues): string {
  const v = asValues(source);
  return [
    v.names,
    ...(v.list ? ['list'] : []),
    ...(v.then ? [`then=${v.then.join('/')}`] : []),
    ...(v.after !== undefined ? [`after=${v.after}`] : []),
  ].join(';');
}

/** The lines a script carries for the value: the marker, then the fixed words. */
export function serverLines(source: ServerNames | ServerValues): string[] {
  return [`@${serverMarker(source)}`, ...(asValues(source).words ?? [])];
}

/** Reads a marker back (`completion --server-names`); throws OptionValueError on anything else. */
export function parseServerMarker(raw: string): ServerValues {
  const [names, ...parts] = raw.split(';');
  if (!(SERVER_KINDS as readonly string[]).includes(names!))
    throw new OptionValueError(`unknown kind "${names}"; accepted: ${SERVER_KINDS.join(', ')}`);
  const v: ServerValues = { names: names as ServerNames };
  for (const part of parts) {
    const [key, value] = [part.split('=', 1)[0]!, part.slice(part.indexOf('=') + 1)];
    if (part === 'list') v.list = true;
    else if (key === 'then' && part.includes('=')) v.then = value.split('/').filter(Boolean);
    else if (key === 'after' && part.includes('=')) v.after = value;
    else throw new OptionValueError(`unknown part "${part}"; accepted: list, then=a/b, after=prefix`);
  }
  return v;
}

/**
 * The whole words a value can be, given the server's names and the text typed so far (`word`):
 * a list keeps what comes before its last name, `then` names the words after the colon once
 * a name and a colon are typed, and `after` offers nothing until its prefix is typed.
 */
export function serverCandidates(v: ServerValues, names: readonly string[], word: string): string[] {
  if (v.after !== undefined) {
    if (!word.startsWith(v.after)) return [];
    const rest = serverCandidates({ ...v, after: undefined }, names, word.slice(v.after.length));
    return rest.map((c) => `${v.after}${c}`);
  }
  if (v.then) {
    const colon = word.indexOf(':');
    if (colon < 0) return names.map((n) => `${n}:`);
    const name = word.slice(0, colon);
    return names.includes(name) ? v.then.map((t) => `${name}:${t}`) : [];
  }
  if (v.list) {
    const cut = Math.max(word.lastIndexOf(','), word.lastIndexOf(':'));
    const head = cut >= 0 ? word.slice(0, cut + 1) : word.startsWith('!') ? '!' : '';
    const taken = new Set(head.replace(/^!/, '').split(/[,:]/));
    return names.filter((n) => !taken.has(n)).map((n) => `${head}${n}`);
  }
  return [...names];
}
