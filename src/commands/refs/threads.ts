import { availableParallelism, loadavg } from 'node:os';

/**
 * Worker threads for refs and retire plan: one fewer than the CPUs (at most 4), and none when
 * the machine is busy beyond its cores (a load average of 1.5× the CPUs). Measured on 2 cores:
 * with 8 agents at work (load 15-19) a worker made refs slower; at load 2, mostly the
 * benchmark's own runs, one worker made node_modules faster. The results are the
 * same either way.
 */
export function defaultThreads(): number {
  const cpus = availableParallelism();
  return loadavg()[0]! >= cpus * 1.5 ? 0 : Math.min(4, cpus - 1);
}
