import * as z from '../../zod-mini.js';

// Response shapes from the spec. They check what flagctl relies on and keep every
// unknown field: real servers add fields, and send null where the spec says boolean or array.

const str = z.nullish(z.string());
const bool = z.nullish(z.boolean());
const num = z.nullish(z.number());
const list = <T extends z.ZodMiniType>(item: T) => z.nullish(z.array(item));

export const userSummary = z.looseObject({ id: num, name: str, imageUrl: str });

export const constraint = z.looseObject({
  contextName: z.string(),
  operator: z.string(),
  caseInsensitive: bool,
  inverted: bool,
  values: list(z.string()),
  value: str,
});

export const payload = z.looseObject({ type: z.string(), value: z.string() });

export const strategyVariant = z.looseObject({
  name: z.string(),
  weight: z.number(),
  weightType: str,
  stickiness: str,
  payload: z.nullish(payload),
});

export const envVariant = z.looseObject({
  name: z.string(),
  weight: z.number(),
  weightType: str,
  stickiness: str,
  payload: z.nullish(payload),
  overrides: list(z.looseObject({ contextName: z.string(), values: list(z.string()) })),
});

export const strategy = z.looseObject({
  id: str,
  name: z.string(),
  title: str,
  disabled: bool,
  sortOrder: num,
  segments: list(z.number()),
  constraints: list(constraint),
  variants: list(strategyVariant),
  parameters: z.nullish(z.record(z.string(), z.unknown())),
});

export const flagEnvironment = z.looseObject({
  name: z.string(),
  environment: str,
  type: str,
  enabled: bool,
  sortOrder: num,
  lastSeenAt: str,
  strategies: list(strategy),
  variants: list(envVariant),
  hasStrategies: bool,
  hasEnabledStrategies: bool,
  yes: num,
  no: num,
});

export const tag = z.looseObject({ value: z.string(), type: str });

export const lifecycle = z.looseObject({ stage: z.string(), status: str, enteredStageAt: str });

export const flag = z.looseObject({
  name: z.string(),
  type: str,
  description: str,
  archived: bool,
  project: str,
  enabled: bool,
  stale: bool,
  favorite: bool,
  impressionData: bool,
  createdAt: str,
  createdBy: z.nullish(userSummary),
  archivedAt: str,
  lastSeenAt: str,
  environments: list(flagEnvironment),
  variants: list(envVariant),
  tags: list(tag),
  children: list(z.string()),
  lifecycle: z.nullish(lifecycle),
  dependencies: list(z.looseObject({ feature: z.string(), enabled: bool, variants: list(z.string()) })),
  collaborators: z.nullish(z.looseObject({ users: list(userSummary) })),
});

export type Flag = z.output<typeof flag>;
export type FlagEnvironment = z.output<typeof flagEnvironment>;
export type Strategy = z.output<typeof strategy>;
export type Constraint = z.output<typeof constraint>;
export type EnvVariant = z.output<typeof envVariant>;
export type StrategyVariant = z.output<typeof strategyVariant>;
