// SARIF 2.1.0 for GitHub code scanning (upload with github/codeql-action/upload-sarif).
// One rule per state that deserves attention; each result is one reference, with the flag,
// its project, state and lifecycle in its properties. Text is kept as found: SARIF is JSON,
// and viewers render it as plain text.

import { isAbsolute, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UNKNOWN_NAME, type Reference } from '../refs/model.js';

export const SARIF_SCHEMA =
  'https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json';

/** What a result says of a reference: refs' own record, less how it matched. */
export type SarifReference = Omit<Reference, 'match'>;

interface Rule {
  id: string;
  name: string;
  short: string;
  full: string;
  level: 'warning' | 'error';
}

const RULES: Rule[] = [
  {
    id: 'flagctl/stale-flag',
    name: 'StaleFlagReference',
    short: 'Reference to a stale feature flag',
    full: 'The code refers to a feature flag that is marked stale on the server. Remove the code path, then archive the flag.',
    level: 'warning',
  },
  {
    id: 'flagctl/potentially-stale-flag',
    name: 'PotentiallyStaleFlagReference',
    short: 'Reference to a potentially stale feature flag',
    full: "The code refers to a feature flag older than its type's expected lifetime. Decide whether it stays; if not, remove the code path and archive the flag.",
    level: 'warning',
  },
  {
    id: 'flagctl/archived-flag',
    name: 'ArchivedFlagReference',
    short: 'Reference to an archived feature flag',
    full: 'The code refers to a feature flag that is archived on the server, so SDKs no longer receive it and it evaluates as disabled. Restore the flag or remove the code.',
    level: 'error',
  },
  {
    id: 'flagctl/unknown-flag',
    name: 'UnknownFlagName',
    short: 'Flag call naming no feature flag',
    full: 'A flag call (isEnabled, useFlag or a call named in flagctl.json) names a flag the server does not have: a typo, or a flag not created yet. Such a call always evaluates as disabled.',
    level: 'error',
  },
];

/** The rule a reference falls under; undefined for a reference to an active flag. */
function ruleIndex(r: Pick<SarifReference, 'state' | 'archived'>): number | undefined {
  if (r.archived) return 2;
  if (r.state === UNKNOWN_NAME) return 3;
  if (r.state === 'stale') return 0;
  if (r.state === 'potentially-stale') return 1;
  return undefined;
}

function message(r: SarifReference): string {
  if (r.state === UNKNOWN_NAME) return `'${r.name}' is called as a flag, but the server has no flag of that name.`;
  const life = r.lifecycle ? `, lifecycle ${r.lifecycle}` : '';
  if (r.archived) return `Feature flag '${r.name}' (project ${r.project}${life}) is archived but still referenced.`;
  const state = r.state === 'stale' ? 'marked stale' : 'potentially stale';
  return `Feature flag '${r.name}' (project ${r.project}${life}) is ${state} and still referenced.`;
}

/**
 * Where a file is, for code scanning: relative to %SRCROOT% (the directory flagctl ran in,
 * the checkout's root in CI) when it lies inside it, a file:// URI otherwise.
 */
function artifactLocation(file: string, root: string | undefined): { uri: string; uriBaseId?: string } {
  if (!root || !isAbsolute(file)) return { uri: encodeUri(file), uriBaseId: '%SRCROOT%' };
  const rel = relative(root, file).split(sep).join('/');
  if (rel !== '' && !rel.startsWith('../') && rel !== '..' && !isAbsolute(rel))
    return { uri: encodeUri(rel), uriBaseId: '%SRCROOT%' };
  return { uri: pathToFileURL(file).href };
}

/** A SARIF log with one run; references to active flags are left out. `root`: %SRCROOT%, absolute. */
export function sarifLog(
  refs: Iterable<SarifReference>,
  tool: { version: string; informationUri?: string; root?: string },
): object {
  const results: object[] = [];
  for (const r of refs) {
    const index = ruleIndex(r);
    if (index === undefined) continue;
    const rule = RULES[index]!;
    results.push({
      ruleId: rule.id,
      ruleIndex: index,
      level: rule.level,
      message: { text: message(r) },
      locations: [
        {
          physicalLocation: {
            artifactLocation: artifactLocation(r.file, tool.root),
            region: { startLine: r.line, startColumn: r.column, snippet: { text: r.text } },
          },
        },
      ],
      properties: { flag: r.name, project: r.project, state: r.state, archived: r.archived, lifecycle: r.lifecycle },
    });
  }
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'flagctl',
            version: tool.version,
            ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
            rules: RULES.map((rule) => ({
              id: rule.id,
              name: rule.name,
              shortDescription: { text: rule.short },
              fullDescription: { text: rule.full },
              defaultConfiguration: { level: rule.level },
            })),
          },
        },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}

/** A relative path as a URI reference: each segment percent-encoded, `/` kept. */
function encodeUri(path: string): string {
  return path
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
}
