// Type declarations for ./seed.mjs (generated from its JSDoc, then committed).
// Regenerate after changing seed.mjs:
//   npx tsc --allowJs --declaration --emitDeclarationOnly --module nodenext --moduleResolution nodenext \
//     --target es2022 --strict --skipLibCheck --types node --outDir /tmp/dts test/e2e/harness/*.mjs
//   cp /tmp/dts/seed.d.mts test/e2e/harness/   (keep this header)

/**
 * @typedef {object} SeedResult
 * @property {string} serverVersion         from /api/admin/ui-config, e.g. '8.2.0'
 * @property {number} total                 active (non-archived) features created
 * @property {string[]} features            names of all active features
 * @property {string[]} archived            names of archived features
 * @property {string[]} stale               names of features marked stale (active)
 * @property {string[]} potentiallyStale    names of potentially stale features (active, not marked
 *                                          stale, listed by search's state=IS:potentially-stale)
 * @property {number} potentiallyStaleWaitMs time spent waiting, at the end, for the server to mark them
 * @property {string[]} enabledInProduction names enabled in production
 * @property {Record<string, number>} byType active features per flag type
 * @property {number} segmentId
 * @property {number} requests              HTTP requests made
 * @property {number} durationMs
 */
/**
 * @param {string} baseUrl
 * @param {string} adminToken
 * @param {object} [opts]
 * @param {number} [opts.size]         number of active features (default SEED.total, minimum: the hand-made ones)
 * @param {number} [opts.concurrency]  parallel requests for the bulk part (default 8)
 * @returns {Promise<SeedResult>}
 */
export function seed(
  baseUrl: string,
  adminToken: string,
  {
    size,
    concurrency,
  }?: {
    size?: number | undefined;
    concurrency?: number | undefined;
  },
): Promise<SeedResult>;
/**
 * Creates `count` plain features in project default, 8 requests at a time: for benches and
 * tests that need size rather than variety.
 * @param {string} baseUrl
 * @param {string} adminToken
 * @param {number} count
 * @param {{ name: (i: number) => string, type?: (i: number) => string }} shape
 * @returns {Promise<void>}
 */
export function createPlainFeatures(
  baseUrl: string,
  adminToken: string,
  count: number,
  {
    name,
    type,
  }: {
    name: (i: number) => string;
    type?: (i: number) => string;
  },
): Promise<void>;
/** Well-known names and facts of the seed. Tests and the demo refer to these. */
export const SEED: Readonly<{
  project: 'default';
  environments: readonly string[];
  /** Richest feature (release): titled + disabled strategies, segment, strategy variants
   * (json/string/number payloads), all 15 constraint operators (inverted and case-insensitive
   * ones included), tags of two types, impression data; enabled in development AND production. */
  fullFeature: 'new-checkout-flow';
  /** Title of the titled strategy on fullFeature (development). */
  fullFeatureStrategyTitle: 'EU beta rollout';
  /** Title of the disabled strategy on fullFeature (development). */
  fullFeatureDisabledStrategyTitle: 'Paused: canary hosts';
  /** Experiment with environment variants (with overrides) and NO strategy variants. */
  envVariantsFeature: 'checkout.button-color';
  /** Enabled in development, disabled in production (has strategies in both). Its production
   * strategy's rollout went through historyRollouts (two feature-strategy-update events). */
  mixedEnvFeature: 'search-ranking_v3';
  /** The production rollouts of mixedEnvFeature, in order: created at 5%, then 25%, then 5% again. */
  historyRollouts: readonly string[];
  /** Same strategy in both environments, with the segment only in development (diff: segments). */
  segmentDriftFeature: 'checkout.segment-gate';
  /** Marked stale. */
  staleFeature: 'legacy-search_v1';
  /** Potentially stale: a release created at potentiallyStaleCreatedAt (older than the 40 days a
   * release is expected to live), not marked stale. The server's job marks it; seed() waits for it. */
  potentiallyStaleFeature: 'legacy-banner_2020';
  /** The createdAt sent when potentiallyStaleFeature is created (both versions store it). */
  potentiallyStaleCreatedAt: '2020-03-02T09:00:00.000Z';
  /** Archived (not returned by GET feature nor by default search). */
  archivedFeature: 'old-onboarding~2019';
  /** All archived features (archivedFeature first). */
  archivedFeatures: readonly string[];
  /** Parent of `child` and `childOfDisabledParent`. Has strategy variants blue/green. */
  parent: 'new-dashboard';
  /** Depends on `parent` being enabled with variant `blue`. */
  child: 'new-dashboard.widgets';
  /** Depends on `parent` being DISABLED (dependency enabled: false). */
  childOfDisabledParent: 'new-dashboard.classic-fallback';
  /** Lifecycle marked completed (status kept). */
  completedFeature: 'promo-banner.black-friday';
  killSwitch: 'payments.kill-switch';
  operational: 'ops~maintenance-mode';
  permission: 'admin-panel_access';
  /** Features enabled in production (also enabled in development). */
  prodEnabledFeatures: readonly string[];
  /** 8.x: type `sunset` + a REGEX constraint; 6.x: type `release` + a `userWithId` strategy. */
  versionSpecific: 'retire-old-cart';
  /** Names with . - _ ~ and mixed case. (Unleash accepts any name that encodeURIComponent leaves
   * unchanged, so ! * ' ( ) would be legal too; they are not seeded.) */
  specialNames: readonly string[];
  /** A feature created without a description. */
  noDescriptionFeature: 'under_score.and-dash~x';
  segment: 'beta-testers';
  tagTypes: readonly string[];
  /** Tag on fullFeature of the custom tag type (created by the seed). */
  fullFeatureTags: readonly {
    type: string;
    value: string;
  }[];
  /** Tag put on every 10th bulk feature (and fullFeature has team:payments). */
  bulkTag: Readonly<{
    type: 'team';
    value: 'platform';
  }>;
  /** Custom context fields created by the seed. */
  contextFields: readonly string[];
  /** Default number of ACTIVE (non-archived) features; archived ones come on top. */
  total: 260;
  /** Prefix of generated bulk feature names. */
  bulkPrefix: 'bulk.';
  /** Every Nth bulk feature is marked stale (in addition to staleFeature). */
  bulkStaleEvery: 25;
  types: readonly string[];
}>;
export type SeedResult = {
  /**
   * from /api/admin/ui-config, e.g. '8.2.0'
   */
  serverVersion: string;
  /**
   * active (non-archived) features created
   */
  total: number;
  /**
   * names of all active features
   */
  features: string[];
  /**
   * names of archived features
   */
  archived: string[];
  /**
   * names of features marked stale (active)
   */
  stale: string[];
  /**
   * names of potentially stale features (active, not marked
   * stale, listed by search's state=IS:potentially-stale)
   */
  potentiallyStale: string[];
  /**
   * time spent waiting, at the end, for the server to mark them
   */
  potentiallyStaleWaitMs: number;
  /**
   * names enabled in production
   */
  enabledInProduction: string[];
  /**
   * active features per flag type
   */
  byType: Record<string, number>;
  segmentId: number;
  /**
   * HTTP requests made
   */
  requests: number;
  durationMs: number;
};
