import type * as z from '../../zod-mini.js';
import { UsageError } from '../../errors.js';

/**
 * Checks several flags together with a zod schema, where one server condition is made of more
 * than one flag (search). The first problem becomes a usage error naming the flag, the value
 * given and what is accepted.
 */
export function parseFlags<S extends z.ZodMiniType>(schema: S, opts: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(opts);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const key = String(issue.path[0] ?? '');
  const flag = `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  const given = opts[key];
  const shown = given === undefined ? '' : ` "${Array.isArray(given) ? given.join(' ') : String(given)}"`;
  throw new UsageError(`${flag}${shown}: ${issue.message}`);
}
