import * as z from '../zod-mini.js';

// The config file's shape. Loaded (with zod) only when there is a file to check (store.ts):
// most runs have none (a token in the environment), and loading zod and building schemas costs
// start-up time (measurable for these two alone, profiled on Node 24).

export const profileSchema = z.object({
  url: z.string(),
  token: z.string(),
  project: z.optional(z.string()),
});

export const configSchema = z.object({
  version: z._default(z.literal(1), 1),
  defaultProfile: z.optional(z.string()),
  profiles: z._default(z.record(z.string(), profileSchema), {}),
});
