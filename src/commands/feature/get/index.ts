import { Command } from 'commander';
import type { App } from '../../context.js';
import { addOutputOptions } from '../../options.js';

export function featureGetCommand(app: App): Command {
  const cmd = new Command('get')
    .description("Show one feature's full record: environments, strategies, constraints, variants")
    .argument('<feature>', 'feature name')
    .option('-p, --project <id>', "project the feature belongs to (default: the profile's project, else default)");
  addOutputOptions(cmd).addHelpText(
    'after',
    `
Examples:
  $ flagctl feature get checkout-v2
  $ flagctl feature get checkout-v2 --project web -o json | jq '.environments[].enabled'
  $ flagctl feature get checkout-v2 -o csv --columns environment,enabled,strategies`,
  );
  // The implementation (zod, the API, the views) loads only when this command runs.
  return cmd.action(async (name: string, opts: Record<string, unknown>, command: Command) => {
    const { featureGet } = await import('./run.js');
    await featureGet(app, name, opts, command);
  });
}
