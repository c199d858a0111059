// The one place flagctl gets zod from: zod/mini, zod 4's functional API. Classic `zod` is
// several hundred KB of methods and locales to load at every start, `--version` included;
// mini is a tenth of that. Import it as `import * as z from '../zod-mini.js'`. Methods become
// functions: `s.optional()` is `z.optional(s)`, `s.default(v)` is `z._default(s, v)`,
// `s.min(1, msg)` on a string is `s.check(z.minLength(1, msg))`, `s.transform(f)` is `z.pipe(s, z.transform(f))`.
//
// Mini ships without messages ("Invalid input" for everything); classic registers English on
// first use. Register the same English messages here, and only those, so the messages a user
// sees (a bad config file, a server answer of the wrong shape) stay as they were.
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

export * from 'zod/mini';
