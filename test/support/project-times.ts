import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

// A vitest reporter that says how long each project took, wall clock: from its first test file
// starting to its last one ending (vitest.config.ts runs the projects one after the other, so
// the spans do not overlap). What is left of the run is set-up: booting and seeding the e2e
// servers, fetching the pinned Node. Printed at the end of the run and, for .ci/run, written
// as JSON to FLAGCTL_PROJECT_TIMES when that is set.

interface Span {
  start: number;
  end: number;
  files: number;
}

export default class ProjectTimes implements Reporter {
  private readonly started = Date.now();
  private readonly spans = new Map<string, Span>();

  onTestModuleStart(module: TestModule): void {
    const name = module.project.name || 'root';
    const span = this.spans.get(name);
    if (span) span.start = Math.min(span.start, Date.now());
    else this.spans.set(name, { start: Date.now(), end: Date.now(), files: 0 });
  }

  onTestModuleEnd(module: TestModule): void {
    const span = this.spans.get(module.project.name || 'root');
    if (!span) return;
    span.end = Math.max(span.end, Date.now());
    span.files++;
  }

  onTestRunEnd(): void {
    const total = Date.now() - this.started;
    const projects = [...this.spans].map(([name, s]) => ({ name, seconds: round(s.end - s.start), files: s.files }));
    const inProjects = [...this.spans.values()].reduce((sum, s) => sum + (s.end - s.start), 0);
    const report = { projects, setupSeconds: round(Math.max(0, total - inProjects)), totalSeconds: round(total) };
    process.stdout.write(`\n${format(report)}\n`);
    const file = process.env.FLAGCTL_PROJECT_TIMES;
    if (file) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(report)}\n`);
    }
  }
}

export interface ProjectTimesReport {
  projects: { name: string; seconds: number; files: number }[];
  setupSeconds: number;
  totalSeconds: number;
}

/** "Project times: unit 41.2 s (60 files), ..., set-up 70.3 s; total 301.5 s". */
export function format(r: ProjectTimesReport): string {
  const parts = r.projects.map((p) => `${p.name} ${p.seconds.toFixed(1)} s (${p.files} files)`);
  return `Project times: ${[...parts, `set-up and the rest ${r.setupSeconds.toFixed(1)} s`].join(', ')}; total ${r.totalSeconds.toFixed(1)} s`;
}

const round = (ms: number) => Math.round(ms / 100) / 10;
