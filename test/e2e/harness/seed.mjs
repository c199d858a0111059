// Seed a FRESH Unleash server (empty database; not idempotent) with realistic data, through
// its own admin API write endpoints.
//
//   import { seed, SEED } from './seed.mjs';
//   const result = await seed(url, adminToken);             // SEED.total active features
//   const small  = await seed(url, adminToken, { size: 60 }); // smaller bulk set (demo)
//
// seed() returns only once the server's own job has marked SEED.potentiallyStaleFeature
// potentially stale (up to a minute after the server started; see waitForPotentiallyStale).
//
// Everything lives in project `default` (the open-source server has only that project) and
// in the two standard environments `development` and `production`.
//
// Differences between the versions handled here (detected from GET /api/admin/ui-config):
//   - `userWithId` strategy: exists (deprecated) on 6.10.1, removed on 8.2.0 (400 "Could not
//     find strategy type with name userWithId").
//   - flag type `sunset` and constraint operator `REGEX`: 8.x only (6.10.1 answers 400).
//   - 6.10.1 also has an environment named `default` (disabled); 8.2.0 does not.
// SEED.versionSpecific is the one feature whose content differs per version; every other
// name, type, strategy, constraint, variant, tag and flag state is identical on both.

/** Well-known names and facts of the seed. Tests and the demo refer to these. */
export const SEED = Object.freeze({
  project: 'default',
  environments: Object.freeze(['development', 'production']),

  /** Richest feature (release): titled + disabled strategies, segment, strategy variants
   * (json/string/number payloads), all 15 constraint operators (inverted and case-insensitive
   * ones included), tags of two types, impression data; enabled in development AND production. */
  fullFeature: 'new-checkout-flow',
  /** Title of the titled strategy on fullFeature (development). */
  fullFeatureStrategyTitle: 'EU beta rollout',
  /** Title of the disabled strategy on fullFeature (development). */
  fullFeatureDisabledStrategyTitle: 'Paused: canary hosts',
  /** Experiment with environment variants (with overrides) and NO strategy variants. */
  envVariantsFeature: 'checkout.button-color',
  /** Enabled in development, disabled in production (has strategies in both). Its production
   * strategy's rollout went through historyRollouts (two feature-strategy-update events). */
  mixedEnvFeature: 'search-ranking_v3',
  /** The production rollouts of mixedEnvFeature, in order: created at 5%, then 25%, then 5% again. */
  historyRollouts: Object.freeze(['5', '25', '5']),
  /** Same strategy in both environments, with the segment only in development (diff: segments). */
  segmentDriftFeature: 'checkout.segment-gate',
  /** Marked stale. */
  staleFeature: 'legacy-search_v1',
  /** Potentially stale: a release created at potentiallyStaleCreatedAt (older than the 40 days a
   * release is expected to live), not marked stale. The server's job marks it; seed() waits for it. */
  potentiallyStaleFeature: 'legacy-banner_2020',
  /** The createdAt sent when potentiallyStaleFeature is created (both versions store it). */
  potentiallyStaleCreatedAt: '2020-03-02T09:00:00.000Z',
  /** Archived (not returned by GET feature nor by default search). */
  archivedFeature: 'old-onboarding~2019',
  /** All archived features (archivedFeature first). */
  archivedFeatures: Object.freeze(['old-onboarding~2019', 'archived.holiday-banner_2023', 'archived-ops~toggle']),
  /** Parent of `child` and `childOfDisabledParent`. Has strategy variants blue/green. */
  parent: 'new-dashboard',
  /** Depends on `parent` being enabled with variant `blue`. */
  child: 'new-dashboard.widgets',
  /** Depends on `parent` being DISABLED (dependency enabled: false). */
  childOfDisabledParent: 'new-dashboard.classic-fallback',
  /** Lifecycle marked completed (status kept). */
  completedFeature: 'promo-banner.black-friday',
  killSwitch: 'payments.kill-switch',
  operational: 'ops~maintenance-mode',
  permission: 'admin-panel_access',
  /** Features enabled in production (also enabled in development). */
  prodEnabledFeatures: Object.freeze([
    'new-checkout-flow',
    'payments.kill-switch',
    'ops~maintenance-mode',
    'admin-panel_access',
  ]),
  /** 8.x: type `sunset` + a REGEX constraint; 6.x: type `release` + a `userWithId` strategy. */
  versionSpecific: 'retire-old-cart',
  /** Names with . - _ ~ and mixed case. (Unleash accepts any name that encodeURIComponent leaves
   * unchanged, so ! * ' ( ) would be legal too; they are not seeded.) */
  specialNames: Object.freeze([
    'checkout.v2~beta_test-1',
    '~tilde.first',
    'under_score.and-dash~x',
    'Mixed.Case_Flag-42',
  ]),
  /** A feature created without a description. */
  noDescriptionFeature: 'under_score.and-dash~x',
  segment: 'beta-testers',
  tagTypes: Object.freeze(['simple', 'team']),
  /** Tag on fullFeature of the custom tag type (created by the seed). */
  fullFeatureTags: Object.freeze([
    { type: 'simple', value: 'checkout' },
    { type: 'team', value: 'payments' },
  ]),
  /** Tag put on every 10th bulk feature (and fullFeature has team:payments). */
  bulkTag: Object.freeze({ type: 'team', value: 'platform' }),
  /** Custom context fields created by the seed. */
  contextFields: Object.freeze(['country', 'plan', 'appVersion', 'age', 'email', 'tenantId']),
  /** Default number of ACTIVE (non-archived) features; archived ones come on top. */
  total: 260,
  /** Prefix of generated bulk feature names. */
  bulkPrefix: 'bulk.',
  /** Every Nth bulk feature is marked stale (in addition to staleFeature). */
  bulkStaleEvery: 25,
  types: Object.freeze(['release', 'experiment', 'operational', 'kill-switch', 'permission']),
});

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
export async function seed(baseUrl, adminToken, { size = SEED.total, concurrency = 8 } = {}) {
  const t0 = Date.now();
  const api = createClient(baseUrl, adminToken);
  const P = `/api/admin/projects/${SEED.project}`;

  const uiConfig = await api('GET', '/api/admin/ui-config');
  const serverVersion = String(uiConfig?.version ?? '');
  const major = Number.parseInt(serverVersion, 10);
  const isV8Plus = major >= 7;

  // ---- shared definitions: tag types, context fields, segment ---------------------------
  await Promise.all([
    api('POST', '/api/admin/tag-types', { name: 'team', description: 'Team that owns the flag', icon: 'group' }),
    api('POST', '/api/admin/context', {
      name: 'country',
      description: 'ISO 3166-1 alpha-2 country code of the user',
      stickiness: false,
    }),
    api('POST', '/api/admin/context', {
      name: 'plan',
      description: 'Billing plan',
      legalValues: [
        { value: 'free', description: 'Free tier' },
        { value: 'pro', description: 'Paying customers' },
        { value: 'enterprise' },
      ],
      stickiness: false,
    }),
    api('POST', '/api/admin/context', { name: 'appVersion', description: 'Semantic version of the client app' }),
    api('POST', '/api/admin/context', { name: 'age', description: 'Age of the account in days' }),
    api('POST', '/api/admin/context', { name: 'email', description: 'E-mail address of the user' }),
    api('POST', '/api/admin/context', { name: 'tenantId', description: 'Tenant id', stickiness: true }),
  ]);
  const segment = await api('POST', '/api/admin/segments', {
    name: SEED.segment,
    description: 'Paying customers outside embargoed countries',
    constraints: [
      { contextName: 'plan', operator: 'IN', values: ['pro', 'enterprise'], inverted: false, caseInsensitive: false },
      { contextName: 'country', operator: 'NOT_IN', values: ['KP', 'IR'], inverted: false, caseInsensitive: false },
    ],
  });
  const segmentId = Number(segment?.id);

  // ---- helpers ---------------------------------------------------------------------------
  /** @param {string} name @param {string} type @param {string|undefined} description @param {boolean} [impressionData] */
  const createFeature = (name, type, description, impressionData = false) =>
    api('POST', `${P}/features`, { name, type, ...(description ? { description } : {}), impressionData });
  /** @param {string} name @param {string} env @param {object} strategy */
  const addStrategy = (name, env, strategy) =>
    api('POST', `${P}/features/${enc(name)}/environments/${env}/strategies`, strategy);
  /** @param {string} name @param {string} env */
  const enable = (name, env) => api('POST', `${P}/features/${enc(name)}/environments/${env}/on`);
  /** @param {string} name @param {{type:string,value:string}} tag */
  const tag = (name, tag) => api('POST', `/api/admin/features/${enc(name)}/tags`, tag);
  /** @param {string} name @param {string} env @param {object[]} variants */
  const putEnvVariants = (name, env, variants) =>
    api('PUT', `${P}/features/${enc(name)}/environments/${env}/variants`, variants);

  const c = (/** @type {string} */ contextName, /** @type {string} */ operator, /** @type {any} */ v, extra = {}) => ({
    contextName,
    operator,
    ...(Array.isArray(v) ? { values: v } : { value: v }),
    inverted: false,
    caseInsensitive: false,
    ...extra,
  });

  /** @type {string[]} */ const active = [];
  /** @type {string[]} */ const staleNames = [];
  /** @type {Set<string>} */ const prodEnabled = new Set();
  /** @type {Record<string, number>} */ const byType = {};
  const track = (/** @type {string} */ name, /** @type {string} */ type) => {
    active.push(name);
    byType[type] = (byType[type] ?? 0) + 1;
  };

  // ---- potentially stale (issue 12, `refs`, `features stale`) -----------------------------
  // A release flag "created" in 2020 (POST accepts createdAt on 6.10.1 and 8.2.0): older than
  // its type's expected lifetime, not marked stale. The server's job updatePotentiallyStaleFeatures
  // (every minute, first run 2-30 s after start) marks it; seed() waits for that at the end.
  // Created first, so that the rest of the seed overlaps the wait.
  /** @type {string[]} */ const potentiallyStaleNames = [];
  {
    const name = SEED.potentiallyStaleFeature;
    await api('POST', `${P}/features`, {
      name,
      type: 'release',
      description: 'Spring sale banner from 2020. Nobody switched it off or cleaned it up.',
      impressionData: false,
      createdAt: SEED.potentiallyStaleCreatedAt,
    });
    track(name, 'release');
    const stored = await api('GET', `${P}/features/${enc(name)}`);
    if (Date.parse(stored?.createdAt) !== Date.parse(SEED.potentiallyStaleCreatedAt)) {
      throw new Error(
        `seed: Unleash ${serverVersion} stored createdAt ${JSON.stringify(stored?.createdAt)} for ${name}, not ${SEED.potentiallyStaleCreatedAt}: it ignores createdAt on create, so the seed has no potentially stale flag`,
      );
    }
    potentiallyStaleNames.push(name);
  }
  // ---- end potentially stale --------------------------------------------------------------

  // ---- hand-made features ----------------------------------------------------------------
  const full = async () => {
    const name = SEED.fullFeature;
    await createFeature(
      name,
      'release',
      'New one-page checkout. Rolled out to EU beta testers first, then gradually to everyone.',
      true,
    );
    track(name, 'release');
    await addStrategy(name, 'development', {
      name: 'flexibleRollout',
      title: SEED.fullFeatureStrategyTitle,
      parameters: { rollout: '50', stickiness: 'userId', groupId: 'checkout-eu' },
      constraints: [
        c('country', 'IN', ['DE', 'FR', 'NL']),
        c('userId', 'NOT_IN', ['blocked-user-1', 'blocked-user-2']),
        c('email', 'STR_CONTAINS', ['@example.com'], { caseInsensitive: true }),
        c('appName', 'STR_STARTS_WITH', ['web-', 'mobile-']),
        c('email', 'STR_ENDS_WITH', ['.invalid', '.test'], { inverted: true, caseInsensitive: true }),
      ],
      segments: [segmentId],
      variants: [
        {
          name: 'blue',
          weight: 500,
          weightType: 'variable',
          stickiness: 'userId',
          payload: { type: 'json', value: '{"color":"blue","steps":3,"express":true}' },
        },
        {
          name: 'green',
          weight: 300,
          weightType: 'fix',
          stickiness: 'userId',
          payload: { type: 'string', value: 'green' },
        },
        {
          name: 'ten-percent-off',
          weight: 200,
          weightType: 'variable',
          stickiness: 'userId',
          payload: { type: 'number', value: '10' },
        },
      ],
    });
    await addStrategy(name, 'development', {
      name: 'remoteAddress',
      parameters: { IPs: '10.0.0.0/8,192.168.1.10' },
      constraints: [
        c('age', 'NUM_GT', '18'),
        c('age', 'NUM_LTE', '3650', { inverted: true }),
        c('currentTime', 'DATE_AFTER', '2024-01-01T00:00:00.000Z'),
        c('appVersion', 'SEMVER_GT', '2.0.0'),
      ],
    });
    await addStrategy(name, 'development', {
      name: 'applicationHostname',
      title: SEED.fullFeatureDisabledStrategyTitle,
      disabled: true,
      parameters: { hostNames: 'canary-1.internal,canary-2.internal' },
      constraints: [],
    });
    await addStrategy(name, 'production', {
      name: 'flexibleRollout',
      title: 'Production 25%',
      parameters: { rollout: '25', stickiness: 'default', groupId: SEED.fullFeature },
      constraints: [
        c('currentTime', 'DATE_BEFORE', '2030-01-01T00:00:00.000Z'),
        c('appVersion', 'SEMVER_EQ', '2.5.0', { inverted: true }),
        c('appVersion', 'SEMVER_LT', '3.0.0'),
        c('age', 'NUM_EQ', '30', { inverted: true }),
        c('age', 'NUM_GTE', '7'),
        c('age', 'NUM_LT', '10000'),
        c('plan', 'IN', ['pro', 'enterprise']),
      ],
      segments: [segmentId],
    });
    await enable(name, 'development');
    await enable(name, 'production');
    prodEnabled.add(name);
    for (const t of SEED.fullFeatureTags) await tag(name, t);
  };

  const envVariants = async () => {
    const name = SEED.envVariantsFeature;
    await createFeature(
      name,
      'experiment',
      'A/B test of the checkout button colour (environment variants, no strategy variants).',
    );
    track(name, 'experiment');
    await addStrategy(name, 'development', { name: 'default', constraints: [], parameters: {} });
    await addStrategy(name, 'production', {
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: name },
      constraints: [],
    });
    const variants = [
      {
        name: 'control',
        weight: 500,
        weightType: 'variable',
        stickiness: 'userId',
        payload: { type: 'string', value: '#0055ff' },
      },
      {
        name: 'treatment',
        weight: 400,
        weightType: 'variable',
        stickiness: 'userId',
        payload: { type: 'json', value: '{"color":"#ff5500","label":"Buy now"}' },
        overrides: [
          { contextName: 'userId', values: ['alice', 'bob'] },
          { contextName: 'country', values: ['SE'] },
        ],
      },
      {
        name: 'csv-list',
        weight: 100,
        weightType: 'fix',
        stickiness: 'userId',
        payload: { type: 'csv', value: 'red,green,blue' },
        overrides: [],
      },
    ];
    await putEnvVariants(name, 'development', variants);
    await putEnvVariants(name, 'production', variants.slice(0, 2));
    await enable(name, 'development');
    await tag(name, { type: 'simple', value: 'checkout' });
  };

  const mixed = async () => {
    const name = SEED.mixedEnvFeature;
    await createFeature(
      name,
      'release',
      'Third generation of search ranking. On in development, still off in production.',
    );
    track(name, 'release');
    await addStrategy(name, 'development', {
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: name },
      constraints: [],
    });
    await addStrategy(name, 'production', {
      name: 'flexibleRollout',
      parameters: { rollout: '5', stickiness: 'sessionId', groupId: name },
      constraints: [c('country', 'IN', ['NO', 'SE', 'DK'])],
    });
    await enable(name, 'development');
    await tag(name, { type: 'team', value: 'search' });
  };

  const stale = async () => {
    const name = SEED.staleFeature;
    await createFeature(name, 'release', 'Old search backend. Replaced by search-ranking_v3; remove me.');
    track(name, 'release');
    await enable(name, 'development');
    staleNames.push(name);
  };

  const archived = async () => {
    const defs = [
      [SEED.archivedFeatures[0], 'release', 'Onboarding wizard from 2019 (archived).'],
      [SEED.archivedFeatures[1], 'experiment', 'Holiday banner test (archived).'],
      [SEED.archivedFeatures[2], 'operational', undefined],
    ];
    for (const [name, type, description] of defs) {
      await createFeature(/** @type {string} */ (name), /** @type {string} */ (type), description);
      await tag(/** @type {string} */ (name), { type: 'simple', value: 'archived-stuff' });
    }
  };

  const dependencies = async () => {
    await createFeature(SEED.parent, 'release', 'New dashboard shell. Parent of the dashboard widget flags.');
    track(SEED.parent, 'release');
    await addStrategy(SEED.parent, 'development', {
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: SEED.parent },
      constraints: [],
      variants: [
        {
          name: 'blue',
          weight: 500,
          weightType: 'variable',
          stickiness: 'default',
          payload: { type: 'string', value: 'blue' },
        },
        {
          name: 'green',
          weight: 500,
          weightType: 'variable',
          stickiness: 'default',
          payload: { type: 'string', value: 'green' },
        },
      ],
    });
    await enable(SEED.parent, 'development');
    await createFeature(SEED.child, 'release', 'Widgets on the new dashboard; needs the parent with variant blue.');
    track(SEED.child, 'release');
    await createFeature(
      SEED.childOfDisabledParent,
      'operational',
      'Classic dashboard fallback; only while the parent is off.',
    );
    track(SEED.childOfDisabledParent, 'operational');
    await api('POST', `${P}/features/${enc(SEED.child)}/dependencies`, {
      feature: SEED.parent,
      enabled: true,
      variants: ['blue'],
    });
    await api('POST', `${P}/features/${enc(SEED.childOfDisabledParent)}/dependencies`, {
      feature: SEED.parent,
      enabled: false,
    });
    await enable(SEED.child, 'development');
  };

  const prodFeatures = async () => {
    /** @type {Array<[string, string, string]>} */
    const defs = [
      [SEED.killSwitch, 'kill-switch', 'Turn off card payments instantly if the PSP misbehaves.'],
      [SEED.operational, 'operational', 'Puts the whole site into read-only maintenance mode.'],
      [SEED.permission, 'permission', 'Grants access to the admin panel for staff.'],
    ];
    await Promise.all(
      defs.map(async ([name, type, description]) => {
        await createFeature(name, type, description);
        track(name, type);
        if (type === 'permission') {
          await addStrategy(name, 'production', {
            name: 'flexibleRollout',
            parameters: { rollout: '100', stickiness: 'default', groupId: name },
            constraints: [c('email', 'STR_ENDS_WITH', ['@staff.example.com'], { caseInsensitive: true })],
          });
        }
        await enable(name, 'development');
        await enable(name, 'production');
        prodEnabled.add(name);
        await tag(name, { type: 'team', value: 'sre' });
      }),
    );
  };

  const completed = async () => {
    const name = SEED.completedFeature;
    await createFeature(name, 'release', 'Black Friday promo banner. Done; kept on.');
    track(name, 'release');
    await enable(name, 'development');
    // Completed at the very end (see below): 6.10.1 records the 'initial' lifecycle stage
    // asynchronously after creation, and a late 'initial' would overwrite 'completed'.
  };

  const versionSpecific = async () => {
    const name = SEED.versionSpecific;
    if (isV8Plus) {
      await createFeature(name, 'sunset', 'Old cart being phased out (8.x: sunset type, REGEX constraint).');
      track(name, 'sunset');
      await addStrategy(name, 'development', {
        name: 'default',
        parameters: {},
        constraints: [c('userId', 'REGEX', '^internal-[0-9]+$')],
      });
    } else {
      await createFeature(name, 'release', 'Old cart being phased out (6.x: userWithId strategy).');
      track(name, 'release');
      await addStrategy(name, 'development', {
        name: 'userWithId',
        parameters: { userIds: 'alice,bob,carol' },
        constraints: [],
      });
    }
    await enable(name, 'development');
  };

  const specials = async () => {
    await Promise.all(
      SEED.specialNames.map(async (name, i) => {
        const type = SEED.types[i % SEED.types.length];
        await createFeature(
          name,
          type,
          name === SEED.noDescriptionFeature ? undefined : `Flag with an unusual name: ${name}`,
        );
        track(name, type);
        if (i % 2 === 0) await enable(name, 'development');
      }),
    );
  };

  await Promise.all([
    full(),
    envVariants(),
    mixed(),
    stale(),
    archived(),
    dependencies(),
    prodFeatures(),
    completed(),
    versionSpecific(),
    specials(),
  ]);

  // ---- segment drift (issue 13, `flagctl diff`) -------------------------------------------
  // The same rollout in both environments, gated by the segment only in development: a
  // difference between the environments in segments alone. Enabled in development only.
  {
    const name = SEED.segmentDriftFeature;
    await createFeature(name, 'release', 'Checkout gate: beta testers first in development, everyone in production.');
    track(name, 'release');
    const rollout = {
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: name },
      constraints: [],
    };
    await addStrategy(name, 'development', { ...rollout, segments: [segmentId] });
    await addStrategy(name, 'production', rollout);
    await enable(name, 'development');
  }
  // ---- end segment drift ------------------------------------------------------------------

  // ---- bulk features ---------------------------------------------------------------------
  const areas = [
    'billing',
    'search',
    'checkout',
    'profile',
    'onboarding',
    'notifications',
    'reporting',
    'mobile',
    'api',
    'admin',
  ];
  const things = [
    'new-ui',
    'cache',
    'v2-endpoint',
    'beta',
    'redesign',
    'export',
    'import',
    'sync',
    'rate-limit',
    'dark-mode',
  ];
  const bulkCount = Math.max(0, size - active.length);
  /** @type {string[]} */ const bulkTagged = [];
  const bulk = Array.from({ length: bulkCount }, (_, i) => {
    const n = i + 1;
    const area = areas[i % areas.length];
    const thing = things[Math.floor(i / areas.length) % things.length];
    return {
      n,
      name: `${SEED.bulkPrefix}${area}.${thing}-${String(n).padStart(3, '0')}`,
      type: SEED.types[i % SEED.types.length],
      description: n % 9 === 0 ? undefined : `Seeded flag #${n}: ${thing} for ${area}`,
    };
  });
  await pool(bulk, concurrency, async ({ n, name, type, description }) => {
    await createFeature(name, type, description, n % 17 === 0);
    track(name, type);
    if (n % 3 === 0) await enable(name, 'development');
    if (n % 7 === 0) {
      await enable(name, 'production');
      prodEnabled.add(name);
    }
    if (n % SEED.bulkStaleEvery === 0) staleNames.push(name);
    if (n % 10 === 0) bulkTagged.push(name);
  });

  // ---- batch operations: tags, stale, archive -------------------------------------------
  if (bulkTagged.length > 0) {
    await api('PUT', `${P}/tags`, {
      features: bulkTagged,
      tags: { addedTags: [{ ...SEED.bulkTag }, { type: 'simple', value: 'bulk' }], removedTags: [] },
    });
  }
  await api('POST', `${P}/stale`, { features: staleNames, stale: true });
  for (const name of SEED.archivedFeatures) await api('DELETE', `${P}/features/${enc(name)}`);
  await completeLifecycle(api, P, SEED.completedFeature);

  // ---- history: strategy updates (issue 15, `feature history`) ---------------------------
  // The production strategy of mixedEnvFeature goes 5% -> 25% and back to 5%: two
  // feature-strategy-update events with data and preData, and the same final state as before.
  {
    const f = await api('GET', `${P}/features/${enc(SEED.mixedEnvFeature)}`);
    const st = f?.environments?.find((/** @type {any} */ e) => e.name === 'production')?.strategies?.[0];
    if (!st?.id) throw new Error(`seed: no production strategy on ${SEED.mixedEnvFeature}`);
    const path = `${P}/features/${enc(SEED.mixedEnvFeature)}/environments/production/strategies/${enc(st.id)}`;
    for (const rollout of SEED.historyRollouts.slice(1)) {
      await api('PUT', path, {
        name: st.name,
        parameters: { ...st.parameters, rollout },
        constraints: st.constraints,
        segments: st.segments ?? [],
      });
    }
  }
  // ---- end history ------------------------------------------------------------------------

  const potentiallyStaleWaitMs = await waitForPotentiallyStale(api, potentiallyStaleNames);

  return {
    serverVersion,
    total: active.length,
    features: active,
    archived: [...SEED.archivedFeatures],
    stale: staleNames,
    potentiallyStale: potentiallyStaleNames,
    potentiallyStaleWaitMs,
    enabledInProduction: [...prodEnabled],
    byType,
    segmentId,
    requests: api.count(),
    durationMs: Date.now() - t0,
  };
}

/**
 * Mark a feature's lifecycle completed (kept) and make sure the search view agrees: on
 * 6.10.1 the 'initial' stage is written asynchronously after creation and can land after
 * an early 'completed'.
 * @param {(method: string, path: string, body?: unknown) => Promise<any>} api
 * @param {string} P project path prefix
 * @param {string} name
 */
async function completeLifecycle(api, P, name) {
  for (let attempt = 0; attempt < 10; attempt++) {
    await api('POST', `${P}/features/${enc(name)}/lifecycle/complete`, { status: 'kept', statusValue: 'on' });
    await new Promise((r) => setTimeout(r, 150));
    const found = await api('GET', `/api/admin/search/features?query=${enc(name)}&limit=5`);
    const feature = found?.features?.find((/** @type {any} */ f) => f.name === name);
    if (feature?.lifecycle?.stage === 'completed') return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`seed: lifecycle of ${name} did not stay 'completed'`);
}

/**
 * Wait until the server's search with state=IS:potentially-stale lists exactly `names`: its
 * job marks them within a minute of their creation, and tests must not race it. Polls every
 * 2 s for at most 100 s. Returns the time waited (ms).
 * @param {(method: string, path: string, body?: unknown) => Promise<any>} api
 * @param {string[]} names
 */
async function waitForPotentiallyStale(api, names, timeoutMs = 100_000, everyMs = 2_000) {
  const t0 = Date.now();
  for (;;) {
    const found = await api('GET', '/api/admin/search/features?state=IS%3Apotentially-stale&limit=100');
    /** @type {string[]} */
    const listed = (found?.features ?? []).map((/** @type {any} */ f) => f.name);
    const missing = names.filter((n) => !listed.includes(n));
    if (missing.length === 0) {
      const unexpected = listed.filter((n) => !names.includes(n));
      if (unexpected.length > 0)
        throw new Error(
          `seed: the server lists potentially stale flags the seed did not make old: ${unexpected.join(', ')}`,
        );
      return Date.now() - t0;
    }
    if (Date.now() - t0 >= timeoutMs) {
      throw new Error(
        `seed: after ${Math.round(timeoutMs / 1000)} s, search with state=IS:potentially-stale still does not list ${missing.join(', ')} ` +
          '(the server job updatePotentiallyStaleFeatures runs every minute; is createdAt ignored, or the scheduler stopped?)',
      );
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** @param {string} s */
const enc = (s) => encodeURIComponent(s);

/**
 * Minimal JSON client: admin token, retries on network errors / 429 / 502-504.
 * @param {string} baseUrl
 * @param {string} token
 */
function createClient(baseUrl, token) {
  const base = baseUrl.replace(/\/+$/, '');
  let count = 0;
  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<any>}
   */
  async function api(method, path, body) {
    for (let attempt = 0; ; attempt++) {
      count++;
      /** @type {Response} */
      let res;
      try {
        res = await fetch(base + path, {
          method,
          headers: {
            authorization: token,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (err) {
        if (attempt < 4) {
          await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
          continue;
        }
        throw new Error(`seed: ${method} ${path} failed: ${/** @type {Error} */ (err).message}`);
      }
      const text = await res.text();
      if ([429, 502, 503, 504].includes(res.status) && attempt < 4) {
        await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
        continue;
      }
      if (!res.ok) {
        throw new Error(
          `seed: ${method} ${path} -> HTTP ${res.status}: ${text.slice(0, 800)}\nrequest body: ${JSON.stringify(body)?.slice(0, 800)}`,
        );
      }
      if (!text) return undefined;
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    }
  }
  api.count = () => count;
  return api;
}

/**
 * Run `fn` over `items` with at most `n` in flight.
 * @template T
 * @param {T[]} items
 * @param {number} n
 * @param {(item: T) => Promise<void>} fn
 */
async function pool(items, n, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await fn(/** @type {T} */ (item));
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

/**
 * Creates `count` plain features in project default, 8 requests at a time: for benches and
 * tests that need size rather than variety.
 * @param {string} baseUrl
 * @param {string} adminToken
 * @param {number} count
 * @param {{ name: (i: number) => string, type?: (i: number) => string }} shape
 * @returns {Promise<void>}
 */
export async function createPlainFeatures(baseUrl, adminToken, count, { name, type = () => 'release' }) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const res = await fetch(`${baseUrl}/api/admin/projects/default/features`, {
        method: 'POST',
        headers: { authorization: adminToken, 'content-type': 'application/json' },
        body: JSON.stringify({ name: name(i), type: type(i) }),
      });
      if (!res.ok) throw new Error(`create feature ${name(i)}: HTTP ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}
