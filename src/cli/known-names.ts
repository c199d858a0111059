import type { ApiClient } from '../api/http/client.js';
import { ApiError, NotFoundError, PermissionError } from '../errors.js';

// Environment, segment and tag names given on the command line, checked against the server's
// lists before the command's first request. Search answers `--status prod:enabled`, `--segment
// nosuch` or `--tag team:nosuch` with 200 and no matches, and a feature list gives a column of `-` for
// `env:prod.enabled`: a typo would read as "none", and a gate would pass on it.

/** A name an option gave, and the option, for the message. */
export interface NamedValue {
  name: string;
  label: string;
}

export interface NamesToCheck {
  environments: NamedValue[];
  segments: NamedValue[];
  tags: NamedValue[];
}

export const noNames = (): NamesToCheck => ({ environments: [], segments: [], tags: [] });

interface Kind {
  noun: string;
  path: string;
  read: (client: ApiClient) => Promise<string[]>;
}

const KINDS: Record<keyof NamesToCheck, Kind> = {
  environments: {
    noun: 'environment',
    path: '/api/admin/environments',
    read: async (client) => (await import('../api/environments.js')).environmentNames(client),
  },
  segments: {
    noun: 'segment',
    path: '/api/admin/segments',
    read: async (client) =>
      [...(await (await import('../api/segments.js')).segmentDefinitions(client)).values()].map((s) => s.name),
  },
  tags: {
    noun: 'tag',
    path: '/api/admin/tags',
    read: async (client) => (await import('../api/tags.js')).tagNames(client),
  },
};

/**
 * One read of each list that a given name needs (none when no such name was given), then exit
 * 5 naming the unknown ones and what the server has. A token that may not read a list: a gate
 * stops (exit 4) rather than pass on an answer it cannot confirm; any other command goes on.
 */
export async function checkNames(
  client: ApiClient,
  names: NamesToCheck,
  gate: boolean,
  debug: (line: string) => void,
): Promise<void> {
  for (const key of Object.keys(KINDS) as (keyof NamesToCheck)[]) {
    const given = names[key];
    if (given.length === 0) continue;
    const kind = KINDS[key];
    const labels = [...new Set(given.map((g) => g.label))].join(', ');
    let known: Set<string>;
    try {
      known = new Set(await kind.read(client));
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 403) throw err;
      if (!gate) {
        debug(`cannot list ${key} (HTTP 403): ${labels} not checked`);
        continue;
      }
      throw new PermissionError(
        `cannot tell whether ${kind.noun} ${quoted(given.map((g) => g.name))} exists (${labels}): this token may not list ${key} (HTTP 403), and a gate does not pass on an answer it cannot confirm`,
        `Use a token that may read ${kind.path}.`,
      );
    }
    const missing = given.filter((g) => !known.has(g.name));
    if (missing.length === 0) continue;
    const list = [...known].sort();
    const shown =
      list.length > 20 ? `${list.slice(0, 20).join(', ')}, … (${list.length} in all)` : list.join(', ') || '(none)';
    const where = [...new Set(missing.map((g) => g.label))].join(', ');
    throw new NotFoundError(
      `no ${kind.noun} ${quoted(missing.map((g) => g.name))} on this server (${where}); it has: ${shown}`,
    );
  }
}

const quoted = (names: string[]) => [...new Set(names)].map((n) => `"${n}"`).join(', ');
