import { profileName } from '../../../config/resolve.js';
import { readConfig } from '../../../config/store.js';
import { tokenKind } from '../../../config/token.js';
import { render } from '../../../output/render.js';
import type { ColumnSet } from '../../../output/rows.js';
import { resolveColumns } from '../../../cli/columns.js';
import type { RunContext } from '../../../cli/context.js';
import type { Request } from '../../../cli/spec.js';

export interface ProfileRow {
  name: string;
  url: string;
  /** The profile's project; commands use `default` when it has none. */
  project: string;
  /** The kind of token (admin, personal, client …), never the token. */
  tokenKind: string;
  active: boolean;
}

const profileColumns: ColumnSet<ProfileRow> = {
  all: [
    { name: 'name', value: (r) => r.name },
    { name: 'url', header: 'URL', value: (r) => r.url },
    { name: 'project', value: (r) => r.project },
    { name: 'tokenKind', header: 'token kind', value: (r) => r.tokenKind },
    { name: 'active', kind: 'bool', value: (r) => r.active },
  ],
  defaults: ['name', 'url', 'project', 'tokenKind', 'active'],
};

/** `auth list`: the profiles of the config file, in the order they were saved. */
export async function run(ctx: RunContext, req: Request<Record<string, never>>): Promise<void> {
  const ui = await ctx.ui(req.output);
  const columns = resolveColumns(profileColumns, ui.out.columns);
  const config = await readConfig(ctx.configDir);
  const active = profileName({ profile: ctx.globals.profile }, ctx.io.env, config);
  const rows: ProfileRow[] = Object.entries(config.profiles).map(([name, p]) => ({
    name,
    url: p.url,
    project: p.project ?? 'default',
    tokenKind: tokenKind(p.token),
    active: name === active,
  }));
  if (rows.length === 0 && ui.tty)
    ctx.io.stderr.write('flagctl: no profiles saved; log in with: flagctl auth login --url <server-url>\n');
  await render(ui, {
    kind: 'rows',
    columns,
    rows,
    jsonObject: { key: 'profiles', after: () => ({ active: rows.some((r) => r.active) ? active : null }) },
  });
}
