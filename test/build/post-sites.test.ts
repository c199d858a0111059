import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { postViolations, sources } from '../../scripts/post-sites.mjs';

// "A read writes nothing": the build fails on a POST that scripts/post-sites.mjs does not list
// (the playground and archive/validate, which change nothing; archive and revive, reached only
// from `retire apply` and `features revive`), and on any way around the client. Each case
// plants one regression in the real source tree, in memory, and shows the check names it.

const src = fileURLToPath(new URL('../../src', import.meta.url));
const tree = (): Map<string, string> => sources(src);
const edit = (files: Map<string, string>, path: string, from: string, to: string) => {
  const text = files.get(path)!;
  expect(text).toContain(from);
  files.set(path, text.replace(from, to));
  return files;
};

describe('POST sites', () => {
  it('the source tree sends no POST but the four allowed, and only the two write commands reach a write', () => {
    expect(postViolations(tree())).toEqual([]);
  });

  it('the batch export that export and diff used to send (a features-exported event of up to 1.3 MB) is named', () => {
    const files = tree();
    // As src/api/export.ts had it until it was removed.
    files.set(
      'api/export.ts',
      "import type { ApiClient } from './client.js';\n\n/** POST /api/admin/features-batch/export for one environment of a project. */\nexport function exportEnvironment(client: ApiClient, project: string, environment: string) {\n  return client.postJson('/api/admin/features-batch/export', { project, environment }, exportChecked);\n}\n",
    );
    expect(postViolations(files)).toEqual([
      "src/api/export.ts: .postJson('/api/admin/features-batch/export', …) is a POST that scripts/post-sites.mjs does not allow",
    ]);
  });

  it('a new POST through the client, and the client given a new way to send a body, are named', () => {
    const files = edit(
      tree(),
      'api/segments.ts',
      "import type { ApiClient } from './http/client.js';",
      "import type { ApiClient } from './http/client.js';\nexport const mark = (c: ApiClient) => c.send(`/api/admin/projects/default/stale`, { features: [] }, { idempotent: true });",
    );
    edit(
      files,
      'api/http/client.ts',
      'async get(path: string, query?: URLSearchParams)',
      'async get(path: string, query?: URLSearchParams, body?: string)',
    );
    expect(postViolations(files)).toEqual([
      'src/api/segments.ts: .send(`/api/admin/projects/default/stale`, …) is a POST that scripts/post-sites.mjs does not allow',
      'src/api/http/client.ts: ApiClient.get() takes a request body: a new way to POST, which scripts/post-sites.mjs does not allow',
    ]);
  });

  it('HTTP around the client (the global fetch, node:http, a Transport of its own) is named', () => {
    const files = tree();
    files.set(
      'history/raw.ts',
      "import { Transport } from '../api/http/transport.js';\nexport const a = () => fetch('http://x/api', { method: 'POST' });\nexport const b = () => import('node:https');\nexport const c = () => new Transport({ timeoutMs: 1 });\n",
    );
    expect(postViolations(files)).toEqual([
      'src/history/raw.ts loads node:https: only api/http/transport.ts and api/http/proxy.ts speak HTTP; requests go through ApiClient',
      'src/history/raw.ts calls the global fetch(): requests go through ApiClient',
      'src/history/raw.ts makes its own Transport: requests go through ApiClient',
    ]);
  });

  it('a read command that reaches archive or revive is named, through any chain of imports', () => {
    const files = tree();
    // An import line of its own, whatever the formatting of the file's other imports.
    files.set('retire/plan.ts', `import { reviveFlags } from '../api/archive.js';\n${files.get('retire/plan.ts')!}`);
    edit(
      files,
      'snapshot/read.ts',
      "import { eachLimited } from '../api/http/limit.js';",
      "import { eachLimited } from '../api/http/limit.js';\nimport { archiveFlags } from '../api/archive.js';",
    );
    expect(postViolations(files)).toEqual([
      'flagctl diff reaches archiveFlags (`${projectPath(project)}/archive`): only retire apply may write it',
      'flagctl export reaches archiveFlags (`${projectPath(project)}/archive`): only retire apply may write it',
      'flagctl retire plan reaches reviveFlags (`${projectPath(project)}/revive`): only features revive may write it',
    ]);
  });
});
