import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

// Two source files that use one flag (a React hook and the Node SDK), and temporary trees of
// files for cleanup's tests, removed after each test of the file that asks for them.

export const APP = `import { useFlag } from '@unleash/proxy-client-react';\n\nexport function App() {\n  const on = useFlag('new-checkout');\n  return <main>{on ? <NewCheckout /> : <OldCheckout />}</main>;\n}\n`;
export const WORKER = `import { initialize } from 'unleash-client';\nconst unleash = initialize({ url: 'u', appName: 'w' });\nexport function work() {\n  if (!unleash.isEnabled('new-checkout')) {\n    return legacy();\n  }\n  return modern();\n}\n`;

/** A function that writes a tree of files in a new temporary folder and returns the folder. */
export function useTrees(): (files: Record<string, string>) => string {
  let dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    dirs = [];
  });
  return (files) => {
    const dir = mkdtempSync(join(tmpdir(), 'flagctl-cleanup-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    return dir;
  };
}
