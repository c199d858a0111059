import type { ApiClient } from '../api/http/client.js';
import type { Clock } from '../io.js';
import type { Plan } from './model.js';

// What apply (and revive) report, and what apply's work is given: a file of its own, so that
// verify.ts and apply.ts, which both use them, do not import each other.

export interface Skip {
  name: string;
  reason: string;
}
export interface Failure {
  name: string;
  message: string;
}

export interface Outcome {
  archived: string[];
  skipped: Skip[];
  failed: Failure[];
  /** Sent, and what the server did is not known: no answer or read proved it (docs/writes.md). */
  unverified: Failure[];
  /** Each flag whose write got an answer that proves nothing (a 5xx, a timeout, a reset), with that answer; it is also archived, unverified or failed, as the reads found. */
  unclear: Failure[];
  /** Not sent: a signal (Ctrl-C, SIGTERM, SIGHUP) came first. */
  notAttempted: string[];
  interrupted: boolean;
  /** The signal that stopped the run, when one did. */
  signal?: string;
}

/** archive/validate's answer (the parents of active flags among `names`), asked before the writes. */
export interface Validated {
  names: string[];
  parents: string[];
}

export interface ApplyOptions {
  client: ApiClient;
  plan: Plan;
  now: number;
  /** Aborted by Ctrl-C, SIGTERM or SIGHUP (the reason): no write starts after it; the one in flight finishes. */
  signal?: AbortSignal;
  /** Shows each write before it is sent (--debug). */
  debug: (line: string) => void;
  /** What verification waits on when an unclear answer leaves a flag active. */
  clock: Clock;
  /** The record so far, after each batch (the --result file). */
  progress?: (partial: Outcome) => Promise<void>;
  /** archive/validate's answer from the judgement's reads: used when it is about exactly the names to archive. */
  validated?: Validated;
}
