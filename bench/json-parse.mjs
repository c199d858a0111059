// npm run bench:json: the cost of keeping the server's numbers (src/api/http/json-text.ts) on a
// search response of 50,000 features (about 35 MB), against plain JSON.parse. Three rows:
// JSON.parse alone; parseJson on the same body, where the cheap scan finds nothing and
// JSON.parse is all that runs; and parseJson on the body with one number of 20 significant
// digits, where the lossless second parse runs. Medians of BENCH_JSON_RUNS (default 5).

import './plain-env.mjs';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { searchFeature } from './search-feature.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const FEATURES = Number(process.env.BENCH_JSON_FEATURES ?? 50_000);
const RUNS = Number(process.env.BENCH_JSON_RUNS ?? 5);

const out = await build({
  entryPoints: [`${root}src/api/http/json-text.ts`],
  bundle: true,
  format: 'esm',
  write: false,
  platform: 'node',
});
const { parseJson, mayLoseNumbers } = await import(
  `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`
);

const plain = JSON.stringify({
  features: Array.from({ length: FEATURES }, (_, i) => searchFeature(i)),
  total: FEATURES,
});
const lossy = plain.replace('"sortOrder":0', '"sortOrder":1234567.123456789123');
if (mayLoseNumbers(plain) || !mayLoseNumbers(lossy)) throw new Error('the scan does not say what this bench expects');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(fn) {
  fn(); // warm-up
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    fn();
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(ms);
}

const base = time(() => JSON.parse(plain));
const scan = time(() => mayLoseNumbers(plain));
const fast = time(() => parseJson(plain));
const slow = time(() => parseJson(lossy));
const mb = (plain.length / 2 ** 20).toFixed(1);
console.log(`${FEATURES.toLocaleString('en-US')} features, ${mb} MiB, medians of ${RUNS} (Node ${process.version}):`);
console.log(`  JSON.parse                         ${base.toFixed(0)} ms`);
console.log(`  the scan alone (mayLoseNumbers)    ${scan.toFixed(0)} ms`);
console.log(`  parseJson, scan finds nothing      ${fast.toFixed(0)} ms (${(fast / base).toFixed(2)}×)`);
console.log(`  parseJson, lossless parse runs     ${slow.toFixed(0)} ms (${(slow / base).toFixed(2)}×)`);
