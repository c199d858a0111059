import * as z from '../../zod-mini.js';

// GET /api/admin/insights (Unleash Enterprise). The spec's five arrays are required, and so
// are their items' fields (all but timeToProduction and users): a body without one is a
// contract break, named in the error, never shown as "no data". A required field may still
// be null (shown as -). Newer servers add arrays (lifecycleTrends, creationArchiveTrends) and
// fields (technicalDebt beside health), which are kept as sent.

const str = z.nullable(z.string());
const num = z.nullable(z.number());
const optionalNum = z.nullish(z.number());
const list = <T extends z.ZodMiniType>(item: T) => z.array(item);

export const userTrend = z.looseObject({ date: str, total: num, active: num, inactive: num });

export const flagTrend = z.looseObject({ date: str, total: num, active: num, stale: num, potentiallyStale: num });

export const projectFlagTrend = z.looseObject({
  week: str,
  project: str,
  date: str,
  health: num,
  technicalDebt: optionalNum,
  timeToProduction: optionalNum,
  total: num,
  active: num,
  stale: num,
  potentiallyStale: num,
  users: optionalNum,
});

export const metricsSummaryTrend = z.looseObject({
  week: str,
  date: str,
  project: str,
  totalRequests: num,
  totalYes: num,
  totalNo: num,
  totalApps: num,
  totalFlags: num,
  totalEnvironments: num,
});

export const environmentTypeTrend = z.looseObject({ date: str, week: str, environmentType: str, totalUpdates: num });

export const instanceInsights = z.looseObject({
  userTrends: list(userTrend),
  flagTrends: list(flagTrend),
  projectFlagTrends: list(projectFlagTrend),
  metricsSummaryTrends: list(metricsSummaryTrend),
  environmentTypeTrends: list(environmentTypeTrend),
});

export type InstanceInsights = z.output<typeof instanceInsights>;
export type UserTrend = z.output<typeof userTrend>;
export type FlagTrend = z.output<typeof flagTrend>;
export type ProjectFlagTrend = z.output<typeof projectFlagTrend>;
export type MetricsSummaryTrend = z.output<typeof metricsSummaryTrend>;
export type EnvironmentTypeTrend = z.output<typeof environmentTypeTrend>;
