// The SDK calls that read a flag, per language: the built-in Unleash SDKs, and the calls of
// flagctl.json's `refs.calls` (refs' own list, src/refs/calls.ts). A call whose last name is one
// of these and whose first argument is the flag's name, as a plain string literal, is the flag's
// call. A configured call whose name speaks of a variant (useUiVariant) answers a variant and is
// left alone, as getVariant is; any other answers on/off. `"sdkCalls": false` there drops the
// SDKs' names here too.

export type LanguageId = 'js' | 'python' | 'go' | 'java';

export interface FlagCalls {
  /** Calls that answer on/off: each becomes the kept literal. */
  boolean: ReadonlySet<string>;
  /** Calls that answer a variant: left alone and listed. */
  variant: ReadonlySet<string>;
}

const BUILT_IN: Record<LanguageId, { boolean: string[]; variant: string[] }> = {
  // Node SDK (isEnabled, getVariant); React and Next SDKs (useFlag, useVariant).
  js: { boolean: ['isEnabled', 'useFlag'], variant: ['getVariant', 'useVariant'] },
  python: { boolean: ['is_enabled'], variant: ['get_variant'] },
  go: { boolean: ['IsEnabled'], variant: ['GetVariant'] },
  java: { boolean: ['isEnabled'], variant: ['getVariant'] },
};

export function flagCalls(lang: LanguageId): FlagCalls {
  const calls = BUILT_IN[lang];
  return { boolean: new Set(calls.boolean), variant: new Set(calls.variant) };
}

const SDK_NAMES = new Set(Object.values(BUILT_IN).flatMap((c) => [...c.boolean, ...c.variant]));

/** A call's last name: `this.flags.isOn` → isOn, Ruby's `is_enabled?` → is_enabled. */
const lastName = (call: string) =>
  call
    .split(/\?\.|\.|::|->/)
    .pop()!
    .replace(/[?!]$/, '');

/** The flag calls per language from refs' list of calls (the SDKs' unless turned off, and the configured ones). */
export function flagCallsFrom(calls: readonly string[]): (lang: LanguageId) => FlagCalls {
  const names = new Set(calls.map(lastName));
  const own = [...names].filter((n) => !SDK_NAMES.has(n));
  const ownVariant = own.filter((n) => /variant/i.test(n));
  const ownBoolean = own.filter((n) => !/variant/i.test(n));
  return (lang) => ({
    boolean: new Set([...BUILT_IN[lang].boolean.filter((n) => names.has(n)), ...ownBoolean]),
    variant: new Set([...BUILT_IN[lang].variant.filter((n) => names.has(n)), ...ownVariant]),
  });
}
