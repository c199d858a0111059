import { UsageError } from '../errors.js';

// The one depth limit for every JSON file flagctl reads (snapshots, retire plans and results,
// the config, flagctl.json). Checked on the text before parsing, or on the value JSON.parse gave
// (which does not recurse): every later walk of the data (zod's, a digest's, a diff's) does, and
// a file nested thousands of levels deep would end in "Maximum call stack size exceeded" instead
// of saying which file is wrong.

/** Deeper than any file flagctl writes or reads (a snapshot is about 8 levels). */
export const MAX_JSON_DEPTH = 64;

/**
 * Refuses JSON text nested beyond MAX_JSON_DEPTH with exit 2: `${shown}: nested more than 64
 * levels deep; ${expected}`, where `shown` names the file as the user gave it.
 */
export function checkJsonDepth(text: string, shown: string, expected: string): void {
  if (nestedBeyond(text, MAX_JSON_DEPTH))
    throw new UsageError(`${shown}: nested more than ${MAX_JSON_DEPTH} levels deep; ${expected}`);
}

/** Whether JSON text opens more than `max` arrays or objects inside each other (strings skipped). */
function nestedBeyond(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * checkJsonDepth's verdict and message for the value JSON.parse gave of the text: a walk of
 * the parsed value that stops at the limit, cheaper than reading a large file's text once more.
 */
export function checkJsonValueDepth(value: unknown, shown: string, expected: string): void {
  if (valueBeyond(value, MAX_JSON_DEPTH))
    throw new UsageError(`${shown}: nested more than ${MAX_JSON_DEPTH} levels deep; ${expected}`);
}

/** Whether a parsed value opens more than `room` arrays or objects inside each other. */
function valueBeyond(value: unknown, room: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (room === 0) return true;
  if (Array.isArray(value)) {
    for (const v of value) if (valueBeyond(v, room - 1)) return true;
    return false;
  }
  for (const k in value) if (valueBeyond((value as Record<string, unknown>)[k], room - 1)) return true;
  return false;
}
