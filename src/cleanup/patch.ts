// A unified diff that `git apply` and `patch -p1` accept: the change a person reviews.

type Op = [' ' | '-' | '+', string];

/** Lines with their terminators, so CRLF and a missing last newline survive exactly. */
function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Myers' difference (the O(ND) algorithm): few changes in a long file cost little. */
function script(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const v = new Map<number, number>([[1, 0]]);
  const trace: Map<number, number>[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(new Map(v));
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v.get(k - 1) ?? -1) < (v.get(k + 1) ?? -1))
          ? (v.get(k + 1) ?? 0)
          : (v.get(k - 1) ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v.set(k, x);
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && (vd.get(k - 1) ?? -1) < (vd.get(k + 1) ?? -1)) ? k + 1 : k - 1;
    const prevX = vd.get(prevK) ?? 0;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push([' ', a[--x]!]);
      y--;
    }
    if (d > 0) {
      if (x === prevX) ops.push(['+', b[--y]!]);
      else ops.push(['-', a[--x]!]);
    }
  }
  return ops.reverse();
}

const CONTEXT = 3;

function line(op: Op): string {
  const [mark, text] = op;
  return text.endsWith('\n') ? `${mark}${text}` : `${mark}${text}\n\\ No newline at end of file\n`;
}

/** One file's diff, with git's header; empty when nothing changed. */
export function unifiedDiff(path: string, before: string, after: string): string {
  if (before === after) return '';
  const ops = script(lines(before), lines(after));
  let out = `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n`;
  let i = 0;
  let oldLine = 1;
  let newLine = 1;
  while (i < ops.length) {
    if (ops[i]![0] === ' ') {
      oldLine++;
      newLine++;
      i++;
      continue;
    }
    // A hunk: from CONTEXT lines before this change to CONTEXT after the last change within reach.
    const start = Math.max(0, i - CONTEXT);
    let end = i;
    for (let j = i; j < ops.length; j++) {
      if (ops[j]![0] !== ' ') end = j;
      else if (j - end > 2 * CONTEXT) break;
    }
    const stop = Math.min(ops.length, end + 1 + CONTEXT);
    const back = i - start;
    const hunk = ops.slice(start, stop);
    const olds = hunk.filter((o) => o[0] !== '+').length;
    const news = hunk.filter((o) => o[0] !== '-').length;
    const o0 = oldLine - back;
    const n0 = newLine - back;
    out += `@@ -${olds === 0 ? o0 - 1 : o0},${olds} +${news === 0 ? n0 - 1 : n0},${news} @@\n${hunk.map(line).join('')}`;
    for (let j = i; j < stop; j++) {
      if (ops[j]![0] !== '+') oldLine++;
      if (ops[j]![0] !== '-') newLine++;
    }
    i = stop;
  }
  return out;
}
