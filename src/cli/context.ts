import { readFileSync } from 'node:fs';
import { ApiClient } from '../api/http/client.js';
import { RequestSlots } from '../api/http/slots.js';
import { proxyFromEnv } from '../config/proxy-env.js';
import { maxWaitMs, RateLimitPacer, type PacerOptions } from '../api/http/rate-limit.js';
import { resolveTarget, type Target } from '../config/resolve.js';
import { configDir, readConfig } from '../config/store.js';
import { redactAll } from '../config/token.js';
import { NotFoundError, PermissionError, UsageError, ApiError } from '../errors.js';
import { clockOf, isGate, keepReadingWhenClosed, type IO, type Pager } from '../io.js';
import { pagedIO } from '../output/pager.js';
import { makeUi, notice, type OutputOptions, type Ui } from '../output/context.js';
import { adapterOf } from '../output/format-adapters.js';
import { VERSION } from '../version.js';
import type { GLOBAL_OPTIONS } from './globals.js';
import { noNames, type NamesToCheck } from './known-names.js';

import type { OptionValues } from './option-spec.js';

export type GlobalOptions = OptionValues<typeof GLOBAL_OPTIONS>;

/** The process's IO, and where tokens in play are noted so no message shows them (the App of spec.ts). */
export interface Session {
  io: IO;
  secrets: Set<string>;
}

/** What a command's run() gets: its streams, the global options, and a way to reach the server. */
export class RunContext {
  readonly io: IO;
  private readonly ca?: string;
  /** Project ids the options name, checked once before the first request (see target()). */
  private projectsToCheck: string[] = [];
  /** Environment and segment names the options give, checked with the projects (known-names.ts). */
  private namesToCheck: NamesToCheck = noNames();
  /** Project ids in the command's request paths: checked only if a request answers 404. */
  private projectsOnNotFound: string[] = [];
  /** The server of the last target(): where a 404's project is checked. */
  private lastTarget?: Target;
  /** This run judges its data (a gate): it never goes on with a project it cannot confirm. */
  private gate = false;
  /** Every client this run made: the kit closes them when run() settles, whatever it did. */
  private readonly clients: ApiClient[] = [];
  /**
   * Requests in flight at once for the whole run, whatever the number of servers (a diff of two
   * reads both together): 8, the snapshot's pool and each client's keep-alive sockets.
   */
  private readonly slots = new RequestSlots(8);

  constructor(
    private readonly app: Session,
    readonly globals: GlobalOptions,
  ) {
    this.io = app.io;
    if (globals.caFile) this.ca = readCaFile(globals.caFile);
  }

  get configDir(): string {
    return configDir(this.io.env);
  }

  /**
   * Where this command's output is written: through a pager on a terminal (output/pager.ts),
   * unless the command asks questions there (`paged` is then false, set by the kit).
   */
  async ui(out: OutputOptions): Promise<Ui> {
    this.paging ??= pagedIO(this.io, this.paged && this.globals.pager !== false);
    const { io, pager } = await this.paging;
    if (pager && isGate(this.io.stdout)) keepReadingWhenClosed(pager.input);
    return makeUi(io, out, await adapterOf(out.format), this.globals.color, this.app.secrets);
  }

  /** The command may page its output (false for one that prompts on the terminal, or writes). */
  paged = true;
  private paging?: Promise<{ io: IO; pager?: Pager }>;

  debug = (line: string): void => {
    if (this.globals.debug) notice(this.io, `debug: ${redactAll(line, this.app.secrets)}`);
  };

  /** The server, token and project: options, then environment, then the profile (config/resolve.ts). */
  async target(): Promise<Target> {
    const config = await readConfig(this.configDir);
    const target = resolveTarget({ url: this.globals.url, profile: this.globals.profile }, this.io.env, config);
    this.noteToken(target.token);
    this.debug(`server ${target.url}${target.profile ? ` (profile ${target.profile})` : ''}`);
    if (this.projectsToCheck.length > 0) await this.checkProjects(target, this.projectsToCheck.splice(0));
    this.lastTarget = target;
    const names = this.namesToCheck;
    if (names.environments.length + names.segments.length + names.tags.length > 0) {
      this.namesToCheck = noNames();
      const { checkNames } = await import('./known-names.js');
      const client = this.client(target);
      try {
        await checkNames(client, names, this.gate, this.debug);
      } finally {
        await client.close();
      }
    }
    return target;
  }

  /**
   * Set by the kit from the options that name projects (OptionSpec.projects). The check waits
   * for the command's first target(), which comes after all of its own input checks, so bad
   * input still sends nothing.
   */
  expectProjects(
    ids: readonly string[],
    gate = false,
    names: NamesToCheck = noNames(),
    onNotFound: readonly string[] = [],
  ): void {
    this.projectsToCheck = [...new Set(ids)];
    this.namesToCheck = names;
    this.gate = gate;
    this.projectsOnNotFound = [...new Set(onNotFound)];
  }

  /**
   * After run() failed: when a request answered 404 and the options named projects that its
   * path carries (OptionSpec.projectInPath), a missing project is the likelier cause, and is
   * reported as the up-front check would have (exit 5, the server's projects); else the 404 stands.
   */
  async afterNotFound(err: unknown): Promise<void> {
    if (!(err instanceof ApiError && err.status === 404) || !this.lastTarget || this.projectsOnNotFound.length === 0)
      return;
    await this.checkProjects(this.lastTarget, this.projectsOnNotFound.splice(0));
  }

  /**
   * One request (GET /api/admin/projects) so that a mistyped project exits 5 with the same
   * message in every command, where the server would answer it with an empty list. A token that
   * may not list projects (or a server without the list) has each project's environments read
   * instead; where those cannot be read either, a gate stops (exit 4) rather than pass on an
   * empty answer for a project that may not exist, and any other command goes on.
   */
  private async checkProjects(
    target: Pick<Target, 'url' | 'token'>,
    ids: string[],
    label = '--project',
  ): Promise<void> {
    const client = this.client(target);
    try {
      const { projectIds, projectHasEnvironments } = await import('../api/project-list.js');
      const known = await projectIds(client);
      if (known instanceof Set) return missingProjects(ids, known, label);
      for (const id of ids) {
        const has = await projectHasEnvironments(client, id);
        if (has === false) {
          throw new NotFoundError(
            `no project "${id}" on this server (${label}): it has no environments (the project list could not be read, so flagctl asked for the project's environments)`,
          );
        }
        if (has === true) continue;
        if (!this.gate) {
          this.debug(`cannot list projects nor read "${id}"'s environments: ${label} is not checked`);
          continue;
        }
        throw new PermissionError(
          `cannot tell whether project "${id}" exists (${label}): this token may not list projects (HTTP ${known.status}) nor read the project's environments (HTTP ${has.status}), and a gate does not pass on an answer for a project it cannot confirm`,
          'Use a token that may list projects (GET /api/admin/projects).',
        );
      }
    } finally {
      await client.close();
    }
  }

  /**
   * The check the kit makes for --project, for a project a gate takes from elsewhere (the
   * profile's, else default): a gate never passes on an empty answer for a project the server
   * lacks, wherever its name came from.
   */
  async confirmProject(
    target: Pick<Target, 'url' | 'token'>,
    id: string,
    label = "no --project: the profile's project, else default",
  ): Promise<void> {
    await this.checkProjects(target, [id], label);
  }

  /** Marks a token as secret: no message, debug line or error shows it. */
  noteToken(token: string): void {
    this.app.secrets.add(token);
  }

  /**
   * A pacer for the server's rate limit (api/http/rate-limit.ts), bounded by --max-wait. One per
   * run: every rate-limited request of the command goes through it; `onWait` shows each wait.
   */
  pacer(onWait: PacerOptions['onWait']): RateLimitPacer {
    return new RateLimitPacer({ maxWaitMs: maxWaitMs(this.globals.maxWait), onWait, clock: clockOf(this.io) });
  }

  /** A client for the run; its connections are closed by the kit after run() (see close()). */
  client(target: Pick<Target, 'url' | 'token'>): ApiClient {
    this.noteToken(target.token);
    const client = new ApiClient({
      baseUrl: target.url,
      token: target.token,
      userAgent: `flagctl/${VERSION}`,
      timeoutMs: (this.globals.timeout ?? 30) * 1000,
      attempts: (this.globals.retries ?? 2) + 1,
      debug: this.globals.debug ? this.debug : undefined,
      ca: this.ca,
      proxy: proxyFromEnv(this.io.env, new URL(target.url)),
      maxResponseBytes: this.globals.maxResponseMb ? this.globals.maxResponseMb * 1024 * 1024 : undefined,
      clock: clockOf(this.io),
      timeouts: this.io.timeouts,
      slots: this.slots,
    });
    this.clients.push(client);
    return client;
  }

  /** Closes every client the run made (keep-alive sockets would hold the process open). */
  async close(): Promise<void> {
    await Promise.all(this.clients.splice(0).map((c) => c.close()));
    const pager = this.paging && (await this.paging).pager;
    if (pager) {
      pager.input.end();
      await pager.done;
    }
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

/** Exit 5 naming the ids the server's list lacks, and what it has. */
function missingProjects(ids: string[], known: Set<string>, label: string): void {
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length === 0) return;
  const list = [...known].sort();
  const shown =
    list.length > 20 ? `${list.slice(0, 20).join(', ')}, … (${list.length} in all)` : list.join(', ') || '(none)';
  const names = missing.map((id) => `"${id}"`).join(', ');
  throw new NotFoundError(`no project ${names} on this server (${label}); it has: ${shown}`);
}
