import type { Command } from 'commander';

// The search flags as commander declares them, for help and completion. Reading and checking
// their values is search-query.ts's job, loaded only when a search runs.

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Flags that choose which features: shared by `features search` and `features stale`. */
export function addFilterOptions(cmd: Command, which: 'all' | 'stale'): Command {
  cmd
    .option('--project <filter>', 'project id: web | web,mobile | !web | IS_ANY_OF:web,mobile')
    .option('--type <filter>', 'flag type: release | release,experiment | !permission | IS_NOT:release');
  if (which === 'stale') return cmd;
  return cmd
    .option('-q, --query <text>', 'text in the name or description (commas: any of several)')
    .option('--state <filter>', 'active | stale | potentially-stale, lists and ! as above')
    .option('--created-by <filter>', 'numeric user id of the creator: 1 | 1,7 | !1 | IS:1')
    .option('--tag <filter>', 'tag type:value: team:growth | a,b (any) | !a | INCLUDE_ALL_OF:a,b; repeat: all of', collect)
    .option('--segment <filter>', 'segment name: beta-testers | a,b (any) | !a | INCLUDE:a')
    .option('--status <env:state>', 'production:enabled or production:disabled; repeat: any of', collect)
    .option('--created-at <op:date>', 'IS_BEFORE:2024-01-01 or IS_ON_OR_AFTER:2024-01-01')
    .option('--created-before <date>', 'created before this day (yyyy-MM-dd, UTC)')
    .option('--created-since <date>', 'created on or after this day (yyyy-MM-dd, UTC)')
    .option('--sort-by <field>', `name, type, stale, project, lastSeenAt, createdAt (default), environment:<name>`)
    .option('--sort-order <order>', 'asc (default) or desc')
    .option('--favorites-first', "your favourites first (needs a personal access token; API tokens have none)");
}

export function addPagingOptions(cmd: Command): Command {
  return cmd
    .option('--offset <n>', 'skip this many matches first')
    .option('--limit <n>', 'return exactly this many (or all there are if fewer); pages as needed; default 50')
    .option('--all', 'every match, streamed page by page')
    .option('--concurrency <n>', 'pages fetched at once with --all or a large --limit (1-16, default 4)');
}
