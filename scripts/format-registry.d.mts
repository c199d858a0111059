// Type declarations for ./format-registry.mjs, for the tests that import it.

export interface FormatPlace {
  name: string;
  order: number;
  with?: string;
}
export const NAMES_FILE: string;
export const ADAPTERS_FILE: string;
/** One format's declared place, from its adapter file's text. */
export function placeOf(file: string, text: string): Omit<FormatPlace, 'name'>;
/** Every format in src/output/formats/ of `srcDir`, in help order. */
export function formatsIn(srcDir: string): FormatPlace[];
/** The generated files' texts, src/-relative path to text. */
export function registryFiles(formats: FormatPlace[]): Record<string, string>;
/** The generated files that differ from the adapters (src/-relative); written unless `check`. */
export function writeRegistry(srcDir: string, options?: { check?: boolean }): string[];
/** Throws while the generated files differ from the adapters. */
export function assertRegistry(srcDir: string): void;
