import * as z from '../zod-mini.js';
import type { ApiClient } from './http/client.js';

// POST /api/admin/playground: evaluates flags for a context and changes nothing on the server
// (a read despite the verb). Shapes below are what 6.10.1 and 8.2.0 answer; unknown fields are kept.

export const PLAYGROUND_PATH = '/api/admin/playground';

const str = z.nullish(z.string());
const bool = z.nullish(z.boolean());
/** A strategy, segment or constraint result: true, false, or the string "unknown" when it could not be evaluated. */
const outcome = z.union([z.boolean(), z.string()]);

export const playgroundConstraint = z.looseObject({
  contextName: z.string(),
  operator: z.string(),
  inverted: bool,
  caseInsensitive: bool,
  values: z.nullish(z.array(z.string())),
  value: str,
  result: outcome,
});

export const playgroundSegment = z.looseObject({
  id: z.nullish(z.number()),
  name: str,
  result: outcome,
  constraints: z.nullish(z.array(playgroundConstraint)),
});

export const playgroundStrategy = z.looseObject({
  id: str,
  name: z.string(),
  title: str,
  disabled: bool,
  parameters: z.nullish(z.record(z.string(), z.unknown())),
  result: z.looseObject({
    enabled: outcome,
    evaluationStatus: str,
    variant: z.nullish(z.looseObject({ name: z.string(), enabled: bool })),
  }),
  constraints: z.nullish(z.array(playgroundConstraint)),
  segments: z.nullish(z.array(playgroundSegment)),
});

export const playgroundFlag = z.looseObject({
  name: z.string(),
  projectId: str,
  isEnabled: z.boolean(),
  isEnabledInCurrentEnvironment: bool,
  hasUnsatisfiedDependency: bool,
  variant: z.nullish(z.looseObject({ name: z.string(), enabled: bool })),
  strategies: z.nullish(z.looseObject({ result: z.nullish(outcome), data: z.nullish(z.array(playgroundStrategy)) })),
});

export const playgroundResponse = z.looseObject({
  input: z.nullish(z.unknown()),
  features: z.array(playgroundFlag),
});

export type PlaygroundConstraint = z.output<typeof playgroundConstraint>;
export type PlaygroundSegment = z.output<typeof playgroundSegment>;
export type PlaygroundStrategy = z.output<typeof playgroundStrategy>;
export type PlaygroundFlag = z.output<typeof playgroundFlag>;
export type PlaygroundResponse = z.output<typeof playgroundResponse>;

/** The context the playground expects: the well-known fields at the top, everything else in `properties`. */
export interface PlaygroundContext {
  appName: string;
  userId?: string;
  sessionId?: string;
  environment?: string;
  remoteAddress?: string;
  currentTime?: string;
  properties?: Record<string, string>;
}

export interface PlaygroundRequest {
  environment: string;
  /** Project ids, or every project. */
  projects: string[] | '*';
  context: PlaygroundContext;
}

/** Every feature of the chosen projects, evaluated in one environment for one context. */
export function playground(client: ApiClient, req: PlaygroundRequest): Promise<PlaygroundResponse> {
  return client.postJson(PLAYGROUND_PATH, req, playgroundResponse);
}
