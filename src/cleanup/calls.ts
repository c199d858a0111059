// The SDK calls that read a flag, per language: the built-in Unleash SDKs. A call whose last
// name is one of these and whose first argument is the flag's name, as a plain string literal,
// is the flag's call. This is the one place to switch to refs' configurable calls (`refs.calls`
// in flagctl.json) once that module exists.

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
