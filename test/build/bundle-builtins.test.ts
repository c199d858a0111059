import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { builtinsAsRequire, bundle } from '../../scripts/build.mjs';

// The bundle loads built-ins only on first use (child_process: commander requires it at load,
// refs and refs --diff spawn git; node:util and node:fs: esbuild's interop read every name's
// descriptor, which on Node 24 loads Node's own lazy internals). A named import of one must still be the real function:
// the first shim, a bare Proxy, gave `import { spawn }` as undefined, so the bundled refs never
// saw git and silently walked the tree instead.

async function bundled(source: string): Promise<string> {
  const result = await build({
    stdin: { contents: source, loader: 'ts', resolveDir: process.cwd() },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    plugins: [builtinsAsRequire],
    banner: { js: 'const __flagctlRequire = require;' },
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

function run(code: string): unknown {
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
}

describe('lazily loaded built-ins in the bundle', () => {
  it('a named import and the default import of child_process both reach the real functions', async () => {
    const code = await bundled(
      "import { spawnSync } from 'node:child_process';\nimport cp from 'node:child_process';\n" +
        'export const named = typeof spawnSync;\nexport const viaDefault = typeof cp.execFileSync;\n' +
        "export const out = spawnSync(process.execPath, ['-e', 'process.stdout.write(\"ok\")']).stdout.toString();\n",
    );
    expect(run(code)).toMatchObject({ named: 'function', viaDefault: 'function', out: 'ok' });
  });

  it('loads child_process only when a name of it is first read', async () => {
    const code = await bundled("import { spawn } from 'node:child_process';\nexport const use = () => spawn;\n");
    const loads: string[] = [];
    const module = { exports: {} as { use?: () => unknown } };
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS bundle is handed Node's require, wrapped to record what it loads
    const tracking = (id: string) => (loads.push(id), require(id));
    new Function('module', 'exports', 'require', code)(module, module.exports, tracking);
    expect(loads).toEqual([]);
    expect(typeof module.exports.use!()).toBe('function');
    expect(loads).toEqual(['node:child_process']);
  });

  it('loads no built-in at all while a module only imports names of node:util, node:os and node:fs', async () => {
    const code = await bundled(
      "import { promisify } from 'node:util';\nimport { homedir } from 'node:os';\nimport * as fs from 'node:fs';\n" +
        "export const use = () => [typeof promisify, homedir() === require('node:os').homedir(), typeof fs.readFileSync, typeof fs.promises];\n",
    );
    const loads: string[] = [];
    const module = { exports: {} as { use?: () => unknown } };
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS bundle is handed Node's require, wrapped to record what it loads
    const tracking = (id: string) => (loads.push(id), require(id));
    new Function('module', 'exports', 'require', code)(module, module.exports, tracking);
    expect(loads).toEqual([]);
    expect(module.exports.use!()).toEqual(['function', true, 'function', 'object']);
    expect([...loads].sort()).toEqual(['node:fs', 'node:os', 'node:util']);
  });

  it('a built-in whose export is a function (events) is that function: it can be called and extended', async () => {
    const code = await bundled(
      "import EventEmitter from 'node:events';\nimport { once } from 'node:events';\n" +
        "class Bus extends EventEmitter {}\nconst bus = new Bus();\nlet got = '';\nbus.on('x', (v) => (got = v));\nbus.emit('x', 'ok');\n" +
        'export const result = [got, typeof once, bus instanceof EventEmitter];\n',
    );
    expect(run(code)).toMatchObject({ result: ['ok', 'function', true] });
  });

  it('node:process is the process itself: inherited methods (on, emit) work and its members can be set', async () => {
    const code = await bundled(
      "import process from 'node:process';\nlet got = '';\nprocess.on('flagctl-test', (v) => (got = v));\nprocess.emit('flagctl-test', 'ok');\n" +
        'const before = process.exitCode;\nprocess.exitCode = 0;\nprocess.exitCode = before;\nexport const result = [got, process === globalThis.process];\n',
    );
    expect(run(code)).toMatchObject({ result: ['ok', true] });
  });
});

// The launcher (dist/launch.cjs) is every start's first module: fs and path, which Node loaded
// before it, are plain require()s there, without the table of getters (docs/performance.md,
// "Start-up"); vm and zlib still load only when used, so `--version` loads neither.
describe("the launcher's built-ins", () => {
  it('requires fs and path as they are when loaded, and vm and zlib only when used', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flagctl-launch-'));
    try {
      const file = (await bundle({ outfile: join(dir, 'launch.cjs'), kind: 'launch' })) as string;
      const loads: string[] = [];
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS bundle is handed Node's require, wrapped to record what it loads
      const tracking = (id: string) => (loads.push(id), require(id));
      const module = { exports: {} as { launch?: unknown } };
      new Function('module', 'exports', 'require', '__dirname', readFileSync(file, 'utf8'))(
        module,
        module.exports,
        tracking,
        dir,
      );
      expect(typeof module.exports.launch).toBe('function');
      expect([...new Set(loads)].sort()).toEqual(['node:fs', 'node:path']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
