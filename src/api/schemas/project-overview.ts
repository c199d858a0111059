import * as z from '../../zod-mini.js';
import { constraint, strategyVariant } from './flag.js';
import { searchFlag } from './search.js';

// The spec's project overview, and the /overview document newer servers give instead.
// Lenient like flag.ts: everything but the name may be missing or null, and unknown
// fields (technicalDebt, featureTypeCounts, onboardingStatus...) are kept.

const str = z.nullish(z.string());
const bool = z.nullish(z.boolean());
const num = z.nullish(z.number());
const list = <T extends z.ZodMiniType>(item: T) => z.nullish(z.array(item));

export const projectStats = z.looseObject({
  avgTimeToProdCurrentWindow: num,
  createdCurrentWindow: num,
  createdPastWindow: num,
  archivedCurrentWindow: num,
  archivedPastWindow: num,
  projectActivityCurrentWindow: num,
  projectActivityPastWindow: num,
  projectMembersAddedCurrentWindow: num,
});

export const featureNaming = z.looseObject({ pattern: str, example: str, description: str });

export const defaultStrategy = z.looseObject({
  name: str,
  title: str,
  disabled: bool,
  sortOrder: num,
  constraints: list(constraint),
  variants: list(strategyVariant),
  parameters: z.nullish(z.record(z.string(), z.unknown())),
  segments: list(z.number()),
});

export const projectEnvironment = z.looseObject({
  environment: z.string(),
  changeRequestsEnabled: bool,
  defaultStrategy: z.nullish(defaultStrategy),
});

/** GET /api/admin/projects/{id}/overview: the overview without its features. */
export const projectOverviewHead = z.looseObject({
  version: num,
  name: z.string(),
  description: str,
  defaultStickiness: str,
  mode: str,
  featureLimit: num,
  featureNaming: z.nullish(featureNaming),
  members: num,
  health: num,
  technicalDebt: num,
  stats: z.nullish(projectStats),
  environments: list(projectEnvironment),
  updatedAt: str,
  createdAt: str,
  favorite: bool,
  featureTypeCounts: list(z.looseObject({ type: str, count: num })),
});

/**
 * GET /api/admin/projects/{id} (deprecated, gone from Unleash 7): the same with the features.
 * Its feature items carry fewer fields than search results, but the same ones flagctl shows.
 */
export const projectOverview = z.extend(projectOverviewHead, { features: list(searchFlag) });

export type ProjectOverviewHead = z.output<typeof projectOverviewHead>;
export type ProjectOverview = z.output<typeof projectOverview>;
export type ProjectEnvironment = z.output<typeof projectEnvironment>;
export type ProjectStats = z.output<typeof projectStats>;
