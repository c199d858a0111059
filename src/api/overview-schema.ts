import { z } from 'zod';
import { constraint, searchFeature, strategyVariant } from './schemas.js';

// The spec's project overview, and the /overview document newer servers give instead.
// Lenient like schemas.ts: everything but the name may be missing or null, and unknown
// fields (technicalDebt, featureTypeCounts, onboardingStatus...) are kept.

const str = z.string().nullish();
const bool = z.boolean().nullish();
const num = z.number().nullish();
const list = <T extends z.ZodType>(item: T) => z.array(item).nullish();

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
  parameters: z.record(z.string(), z.unknown()).nullish(),
  segments: list(z.number()),
});

export const projectEnvironment = z.looseObject({
  environment: z.string(),
  changeRequestsEnabled: bool,
  defaultStrategy: defaultStrategy.nullish(),
});

/** GET /api/admin/projects/{id}/overview: the overview without its features. */
export const projectOverviewHead = z.looseObject({
  version: num,
  name: z.string(),
  description: str,
  defaultStickiness: str,
  mode: str,
  featureLimit: num,
  featureNaming: featureNaming.nullish(),
  members: num,
  health: num,
  technicalDebt: num,
  stats: projectStats.nullish(),
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
export const projectOverview = projectOverviewHead.extend({ features: list(searchFeature) });

export type ProjectOverviewHead = z.output<typeof projectOverviewHead>;
export type ProjectOverview = z.output<typeof projectOverview>;
export type ProjectEnvironment = z.output<typeof projectEnvironment>;
export type ProjectStats = z.output<typeof projectStats>;
