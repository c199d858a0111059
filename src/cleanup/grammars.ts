import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { runInThisContext } from 'node:vm';
import type { Language as TsLanguage, Parser as TsParser } from 'web-tree-sitter';

// The parser: tree-sitter's WebAssembly build (web-tree-sitter) and one grammar .wasm per
// language (docs/commands/cleanup.md says why this engine). Neither its JavaScript nor the
// grammars are in the bundle's text, so no other command reads or holds them: the package
// ships them in dist/grammars/, the single executable as assets named grammars/<file>, and a
// run from the sources reads them from node_modules.

export type GrammarName = 'typescript' | 'tsx' | 'javascript' | 'python' | 'go' | 'java';

/** The runtime's own wasm and each grammar, as dist/grammars/ holds them. */
export const GRAMMAR_FILES: Record<GrammarName | 'runtime' | 'script', string> = {
  script: 'tree-sitter.cjs',
  runtime: 'tree-sitter.wasm',
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  javascript: 'tree-sitter-javascript.wasm',
  python: 'tree-sitter-python.wasm',
  go: 'tree-sitter-go.wasm',
  java: 'tree-sitter-java.wasm',
};

// The bundle's own directory (dist/); from the sources (the tests), the checkout's top.
const here =
  typeof __filename === 'string' && __filename.endsWith('.cjs') ? dirname(__filename) : join(process.cwd(), 'dist');

function seaAsset(file: string): Uint8Array | undefined {
  try {
    // node:sea exists only in a single executable's node (and Node >= 20.12 elsewhere).
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- node:sea loads only inside a single executable
    const sea = require('node:sea') as { isSea(): boolean; getRawAsset(name: string): ArrayBuffer };
    return sea.isSea() ? new Uint8Array(sea.getRawAsset(`grammars/${file}`)) : undefined;
  } catch {
    return undefined;
  }
}

function grammarBytes(name: GrammarName | 'runtime' | 'script'): Uint8Array {
  const file = GRAMMAR_FILES[name];
  const fromSea = seaAsset(file);
  if (fromSea) return fromSea;
  const root = join(here, '..', '..');
  const candidates = [
    join(here, 'grammars', file),
    name === 'runtime' || name === 'script'
      ? join(root, 'node_modules/web-tree-sitter', file)
      : join(root, 'node_modules/tree-sitter-wasms/out', file),
  ];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`the grammar ${file} is missing (looked in ${candidates.join(', ')}); reinstall flagctl`);
  return readFileSync(found);
}

/**
 * web-tree-sitter's CommonJS build, run as Node runs a module. It needs only Node's built-ins,
 * which is all a single executable's require() can give.
 */
function loadScript(): typeof import('web-tree-sitter') {
  const source = Buffer.from(grammarBytes('script')).toString('utf8');
  const wrapper = runInThisContext(`(function (exports, require, module, __filename, __dirname) { ${source}\n});`, {
    filename: 'tree-sitter.cjs',
  }) as (...args: unknown[]) => void;
  const module = { exports: {} as typeof import('web-tree-sitter') };
  const file = join(resolve(here), 'tree-sitter.cjs');
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

let ready: Promise<typeof import('web-tree-sitter')> | undefined;
const languages = new Map<GrammarName, Promise<TsLanguage>>();

async function runtime(): Promise<typeof import('web-tree-sitter')> {
  ready ??= (async () => {
    const ts = loadScript();
    await ts.Parser.init({ wasmBinary: grammarBytes('runtime') });
    return ts;
  })();
  return ready;
}

/** A parser for one language; the runtime and each grammar load once, on first use. */
export async function parserFor(name: GrammarName): Promise<TsParser> {
  const ts = await runtime();
  let lang = languages.get(name);
  if (!lang) languages.set(name, (lang = ts.Language.load(grammarBytes(name))));
  const parser = new ts.Parser();
  parser.setLanguage(await lang);
  return parser;
}
