import { readFile } from 'node:fs/promises';
import * as z from '../zod-mini.js';
import { checkJsonDepth } from '../config/json-file.js';
import { UsageError } from '../errors.js';
import { ownEntries } from './build.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type Snapshot } from './model.js';

// Reading a snapshot written by `flagctl export`. The file is input like any other: every
// problem is a usage error naming the file, and its content is checked before use.

const variant = z.object({
  name: z.string(),
  weight: z.number(),
  weightType: z.nullable(z.string()),
  stickiness: z.nullable(z.string()),
  payload: z.optional(z.object({ type: z.string(), value: z.string() })),
  overrides: z.optional(z.array(z.object({ contextName: z.string(), values: z.array(z.string()) }))),
});

const constraint = z.object({
  contextName: z.string(),
  operator: z.string(),
  inverted: z.boolean(),
  caseInsensitive: z.boolean(),
  values: z.optional(z.array(z.string())),
  value: z.optional(z.string()),
});

// zod copies a record key by key and drops `__proto__`: parameters are checked for shape here
// and taken from the file as they are (into a null-prototype object) in takeParameters.
const parameters = z.custom<Record<string, unknown>>((v) => v !== null && typeof v === 'object' && !Array.isArray(v), {
  message: 'expected an object',
});

const strategy = z.object({
  name: z.string(),
  title: z.optional(z.string()),
  disabled: z.boolean(),
  parameters,
  constraints: z.array(constraint),
  segments: z.array(z.string()),
  variants: z.array(variant),
});

const snapshotSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  version: z.literal(SNAPSHOT_VERSION),
  project: z.string(),
  environments: z.array(z.string()),
  features: z.array(
    z.object({
      name: z.string(),
      type: z.nullable(z.string()),
      description: z.nullable(z.string()),
      stale: z.boolean(),
      impressionData: z.boolean(),
      tags: z.array(z.object({ type: z.string(), value: z.string() })),
      dependencies: z.array(z.object({ feature: z.string(), enabled: z.boolean(), variants: z.array(z.string()) })),
      environments: z.array(
        z.object({
          name: z.string(),
          enabled: z.boolean(),
          ordered: z.optional(z.literal(true)),
          strategies: z.array(strategy),
          variants: z.array(variant),
        }),
      ),
    }),
  ),
  segments: z.array(z.object({ name: z.string(), constraints: z.array(constraint) })),
});

/** Reads and checks a snapshot file; `shown` is how the user wrote it (e.g. `@snap.json`). */
export async function readSnapshotFile(path: string, shown = path): Promise<Snapshot> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : `cannot read it (${code ?? 'error'})`;
    throw new UsageError(`${shown}: ${why}; expected a snapshot written by \`flagctl export\``);
  }
  return parseSnapshot(text, shown);
}

export function parseSnapshot(text: string, shown: string): Snapshot {
  // Checked before parsing: every later walk of the data (zod's included) recurses.
  checkJsonDepth(text, shown, 'not a snapshot written by `flagctl export`');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UsageError(`${shown}: not valid JSON; expected a snapshot written by \`flagctl export\``);
  }
  const head = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  if (head.format !== SNAPSHOT_FORMAT) {
    throw new UsageError(
      `${shown}: not a flagctl snapshot (no "format": "${SNAPSHOT_FORMAT}"); write one with \`flagctl export\``,
    );
  }
  if (head.version !== SNAPSHOT_VERSION) {
    throw new UsageError(
      `${shown}: snapshot format version ${JSON.stringify(head.version)} is not supported; this flagctl reads version ${SNAPSHOT_VERSION}`,
      'Export the snapshot again with this flagctl, or use the flagctl version that wrote it.',
    );
  }
  const parsed = snapshotSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `${shown}: not a valid snapshot at ${issue?.path.join('.') || 'the top'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const snapshot = parsed.data as Snapshot;
  // export writes each feature and segment once; a file with one twice (a merge that kept both
  // sides) says two things.
  onceEach(snapshot.features, 'feature', shown);
  onceEach(snapshot.segments, 'segment', shown);
  return takeParameters(snapshot);
}

/** Exit 2 for a name listed twice: the diff would judge whichever copy came last. */
function onceEach(items: readonly { name: string }[], what: string, shown: string): void {
  const names = new Set<string>();
  for (const { name } of items) {
    if (names.has(name))
      throw new UsageError(
        `${shown}: the snapshot lists ${what} "${name}" twice; a snapshot holds each ${what} once (write it again with \`flagctl export\`)`,
      );
    names.add(name);
  }
}

/** Each strategy's parameters as a null-prototype copy of the object in the file. */
function takeParameters(snapshot: Snapshot): Snapshot {
  for (const f of snapshot.features)
    for (const e of f.environments) for (const s of e.strategies) s.parameters = ownEntries(s.parameters);
  return snapshot;
}
