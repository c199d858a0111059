// Where flagctl can send anything but a GET. "A read writes nothing": no command changes the
// server, its audit log included, unless the command exists to change it (today `retire apply`
// and `features revive`, docs/writes.md). The build fails on a POST this table does not hold,
// on an HTTP path around the client, and on a write that a command other than its own can reach.
//
// The check reads the sources, as folder-rules.mjs does. It is deliberately blunt: any
// `.postJson(` or `.send(` call counts, whatever its receiver, and a new one is a reason to
// look, then to add it here with the reason it is allowed.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { importsOf } from './folder-rules.mjs';

/**
 * Every POST flagctl may send: the file and client method that sends it, the path expression
 * as written, and for a write (`send`) its function and the only commands that may reach it.
 */
export const POSTS = [
  {
    file: 'api/playground.ts',
    method: 'postJson',
    path: 'PLAYGROUND_PATH',
    why: 'the playground evaluates a context and changes nothing',
  },
  {
    file: 'api/archive.ts',
    method: 'postJson',
    path: '`${projectPath(project)}/archive/validate`',
    why: 'archive/validate reports parents with active children and changes nothing',
  },
  {
    file: 'api/archive.ts',
    method: 'send',
    path: '`${projectPath(project)}/archive`',
    write: 'archiveFlags',
    commands: ['retire apply'],
  },
  {
    file: 'api/archive.ts',
    method: 'send',
    path: '`${projectPath(project)}/revive`',
    write: 'reviveFlags',
    commands: ['features revive'],
  },
];

/** ApiClient's methods that take a request body (a parameter named body or sent): the POST paths through the client. */
const BODY_METHODS = ['postJson', 'send', 'fetch', 'once', 'sendOnce'];

/** Modules that may speak HTTP themselves: everything else goes through ApiClient. */
const TRANSPORT = ['api/http/transport.ts', 'api/http/proxy.ts'];
const NETWORK = /^(node:)?(http|https|http2|net|tls|dgram|undici)$/;

/** The source without comments; strings and template literals are kept (and skipped over). */
export function code(source) {
  let out = '';
  for (let i = 0; i < source.length;) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The first argument of the call whose `(` is at `open`, as written. */
function firstArgument(text, open) {
  let depth = 0;
  let quote;
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return text.slice(open + 1, i).trim();
      depth--;
    } else if (c === ',' && depth === 0) return text.slice(open + 1, i).trim();
  }
  return text.slice(open + 1).trim();
}

/** Every command's run.ts (src/-relative) and its name: `commands/retire/apply/run.ts` → `retire apply`. */
function commandsIn(files) {
  return [...files.keys()]
    .filter((p) => /^commands\/.+\/run\.ts$/.test(p))
    .map((p) => ({ entry: p, name: p.slice('commands/'.length, -'/run.ts'.length).split('/').join(' ') }));
}

/** The modules `entry` reaches through relative imports (static, dynamic and type-only alike). */
function closure(files, entry) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path) || !files.has(path)) return;
    seen.add(path);
    for (const { target } of importsOf(path, files.get(path))) visit(target);
  };
  visit(entry);
  return seen;
}

/** The violations in `files` (src/-relative path → source), one line each. */
export function postViolations(files) {
  const found = [];
  for (const [path, source] of files) {
    const text = code(source);
    for (const m of text.matchAll(/\.(postJson|send)\s*(?:<[^()]*>)?\s*\(/g)) {
      if (path === 'api/http/client.ts') continue; // their definitions
      const arg = firstArgument(text, m.index + m[0].length - 1);
      const ok = POSTS.some((p) => p.file === path && p.method === m[1] && p.path === arg);
      if (!ok) found.push(`src/${path}: .${m[1]}(${arg}, …) is a POST that scripts/post-sites.mjs does not allow`);
    }
    if (!TRANSPORT.includes(path)) {
      for (const m of text.matchAll(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"]([^'"]+)['"]/g)) {
        if (
          NETWORK.test(m[1]) &&
          !/^import\s+type\b/.test(text.slice(text.lastIndexOf('\n', m.index) + 1, m.index + 1).trimStart())
        ) {
          found.push(
            `src/${path} loads ${m[1]}: only ${TRANSPORT.join(' and ')} speak HTTP; requests go through ApiClient`,
          );
        }
      }
    }
    if (/(^|[^.\w$])(?<!(async|private|function)\s+)fetch\s*\(/.test(text))
      found.push(`src/${path} calls the global fetch(): requests go through ApiClient`);
    if (path !== 'api/http/client.ts' && /\bnew\s+Transport\s*\(/.test(text))
      found.push(`src/${path} makes its own Transport: requests go through ApiClient`);
  }
  const client = files.get('api/http/client.ts');
  for (const m of client
    ? code(client).matchAll(
        /^\s*(?:(?:private|public|protected|static|async|readonly)\s+)*(\w+)\s*(?:<[^()]*>)?\(([^)]*)\)[^;\n]*\{\s*$/gm,
      )
    : []) {
    if (/\b(body|sent)\b/.test(m[2]) && !BODY_METHODS.includes(m[1])) {
      found.push(
        `src/api/http/client.ts: ApiClient.${m[1]}() takes a request body: a new way to POST, which scripts/post-sites.mjs does not allow`,
      );
    }
  }
  const commands = commandsIn(files).map((c) => ({ ...c, reaches: closure(files, c.entry) }));
  for (const post of POSTS.filter((p) => p.write)) {
    const users = [...files.keys()].filter(
      (p) =>
        p !== post.file &&
        importsOf(p, files.get(p)).some((i) => i.target === post.file && i.names.includes(post.write)),
    );
    const reach = commands.filter((c) => users.some((u) => c.reaches.has(u))).map((c) => c.name);
    for (const name of reach.filter((n) => !post.commands.includes(n))) {
      found.push(`flagctl ${name} reaches ${post.write} (${post.path}): only ${post.commands.join(', ')} may write it`);
    }
  }
  return found;
}

function sources(dir, root = dir, files = new Map()) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) sources(full, root, files);
    else if (entry.name.endsWith('.ts'))
      files.set(relative(root, full).split('\\').join(posix.sep), readFileSync(full, 'utf8'));
  }
  return files;
}

/** Throws, listing every violation, when src/ can send a POST the table does not hold. */
export function assertPostSites(srcDir) {
  const found = postViolations(sources(srcDir));
  if (found.length) throw new Error(`POST sites (scripts/post-sites.mjs):\n  ${found.join('\n  ')}`);
}

export { sources };
