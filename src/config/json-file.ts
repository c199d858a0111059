import { UsageError } from '../errors.js';

// The one depth limit for every JSON file flagctl reads (snapshots, retire plans and results,
// the config, flagctl.json). Checked on the text before parsing: every later walk of the data
// (zod's, a digest's, a diff's) recurses, and a file nested thousands of levels deep would end
// in "Maximum call stack size exceeded" instead of saying which file is wrong.

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
