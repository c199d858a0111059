import type { Command } from 'commander';
import * as z from '../zod-mini.js';
import { ApiClient } from '../api/client.js';
import { resolveTarget, type Target } from '../config/resolve.js';
import { configDir, readConfig } from '../config/store.js';
import { redactAll } from '../config/token.js';
import type { IO } from '../io.js';
import { makeUi, notice, type OutputOptions, type Ui } from '../output/context.js';
import { parseFlags } from './parse-options.js';
import { readFileSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { VERSION } from '../version.js';

const globalFlags = z.object({
  url: z.optional(z.string()),
  profile: z.optional(z.string().check(z.minLength(1, 'a profile name must not be empty'))),
  timeout: z.optional(
    z.coerce
      .number({ error: 'expected a number of seconds, e.g. --timeout 10' })
      .check(z.gt(0, 'expected a positive number of seconds, e.g. --timeout 10'), z.lte(3600, 'expected at most 3600 seconds')),
  ),
  retries: z.optional(
    z.coerce
      .number({ error: 'expected a whole number of retries from 0 to 10' })
      .check(
        z.int('expected a whole number of retries from 0 to 10'),
        z.gte(0, 'expected a whole number of retries from 0 to 10'),
        z.lte(10, 'expected a whole number of retries from 0 to 10'),
      ),
  ),
  debug: z.optional(z.boolean()),
  caFile: z.optional(z.string().check(z.minLength(1))),
  maxResponseMb: z.optional(
    z.coerce.number({ error: 'expected a size in MiB, e.g. 64' }).check(z.gt(0, 'expected a positive size in MiB, e.g. 64')),
  ),
  color: z.optional(z.boolean()),
});

export type GlobalFlags = z.output<typeof globalFlags>;

/** What every command factory gets: the process's IO, and where tokens in play are noted so no message shows them. */
export interface App {
  io: IO;
  secrets: Set<string>;
}

/** What a command's handler gets: its streams, the output it was asked for, and a way to reach the server. */
export class CommandContext {
  readonly flags: GlobalFlags;
  readonly io: IO;
  private ca?: string;

  constructor(
    private readonly app: App,
    command: Command,
  ) {
    const io = app.io;
    this.io = io;
    const all = command.optsWithGlobals();
    this.flags = parseFlags(globalFlags, {
      ...all,
      timeout: all.timeout ?? io.env.FLAGCTL_TIMEOUT,
      maxResponseMb: all.maxResponseMb ?? (io.env.FLAGCTL_MAX_RESPONSE_MB || undefined),
    });
    if (this.flags.caFile) this.ca = readCaFile(this.flags.caFile);
  }

  get configDir(): string {
    return configDir(this.io.env);
  }

  ui(out: OutputOptions): Promise<Ui> {
    return makeUi(this.io, out, this.flags.color);
  }

  debug = (line: string): void => {
    if (this.flags.debug) notice(this.io, `debug: ${redactAll(line, this.app.secrets)}`);
  };

  async target(): Promise<Target> {
    const config = await readConfig(this.configDir);
    const target = resolveTarget({ url: this.flags.url, profile: this.flags.profile }, this.io.env, config);
    this.noteToken(target.token);
    this.debug(`server ${target.url}${target.profile ? ` (profile ${target.profile})` : ''}`);
    return target;
  }

  private noteToken(token: string): void {
    this.app.secrets.add(token);
  }

  client(target: Pick<Target, 'url' | 'token'>): ApiClient {
    this.noteToken(target.token);
    return new ApiClient({
      baseUrl: target.url,
      token: target.token,
      userAgent: `flagctl/${VERSION}`,
      timeoutMs: (this.flags.timeout ?? 30) * 1000,
      attempts: (this.flags.retries ?? 2) + 1,
      debug: this.flags.debug ? this.debug : undefined,
      ca: this.ca,
      proxy: proxyFromEnv(this.io.env),
      maxResponseBytes: this.flags.maxResponseMb ? this.flags.maxResponseMb * 1024 * 1024 : undefined,
    });
  }
}

function readCaFile(path: string): string {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (err) {
    throw new UsageError(`--ca-file "${path}": cannot read it (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw new UsageError(`--ca-file "${path}": expected PEM certificates (-----BEGIN CERTIFICATE-----)`);
  }
  return pem;
}

/** The proxy variables, with curl's names, in either case. */
function proxyFromEnv(env: Record<string, string | undefined>) {
  const httpsProxy = env.HTTPS_PROXY || env.https_proxy;
  const httpProxy = env.HTTP_PROXY || env.http_proxy;
  if (!httpsProxy && !httpProxy) return undefined;
  return { httpsProxy, httpProxy, noProxy: env.NO_PROXY || env.no_proxy };
}
