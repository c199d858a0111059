import type { ProgramSpec } from '../cli/spec.js';
import authLogin from './auth/login/index.js';
import authList from './auth/list/index.js';
import authLogout from './auth/logout/index.js';
import authStatus from './auth/status/index.js';
import authSwitch from './auth/switch/index.js';
import completion from './completion/index.js';
import diff from './diff/index.js';
import exportCommand from './export/index.js';
import featureGet from './feature/get/index.js';
import featureHistory from './feature/history/index.js';
import evaluate from './evaluate/index.js';
import api from './api/index.js';
import featuresSearch from './features/search/index.js';
import featuresStale from './features/stale/index.js';
import featuresRevive from './features/revive/index.js';
import retireApply from './retire/apply/index.js';
import retirePlan from './retire/plan/index.js';
import retireShow from './retire/show/index.js';
import insights from './insights/index.js';
import projectOverview from './project/overview/index.js';
import projectsList from './projects/list/index.js';
import environmentsList from './environments/list/index.js';
import refs from './refs/index.js';
import cleanup from './cleanup/index.js';

// Every command of flagctl, in the order --help lists them. A group is a noun whose verbs
// follow it; each record loads its work only when it runs.

export const PROGRAM: ProgramSpec = {
  summary: 'Read a feature-flag server (flags in code, drift, evaluation, history); retire stale flags',
  examples: [
    'flagctl auth login --url https://unleash.example.com',
    'flagctl refs --fail-on stale,archived',
    'flagctl diff development production --stat',
  ],
  entries: [
    {
      path: ['feature'],
      summary: 'One feature in a project',
      examples: ['flagctl feature get checkout-v2', 'flagctl feature get checkout-v2 --project web -o json'],
    },
    featureGet,
    featureHistory,
    {
      path: ['features'],
      summary: 'Many features: search and filter, stale-flag gate, revive archived ones',
      examples: ['flagctl features search --type release --state stale --all', 'flagctl features stale --max 5'],
    },
    featuresSearch,
    featuresStale,
    featuresRevive,
    {
      path: ['project'],
      summary: 'One project: its overview',
      examples: ['flagctl project overview default', 'flagctl project overview default -o json'],
    },
    projectOverview,
    {
      path: ['projects'],
      summary: "The server's projects",
      examples: ['flagctl projects list', 'flagctl projects list --columns id --no-headers'],
    },
    projectsList,
    {
      path: ['environments'],
      summary: "The server's environments",
      examples: ['flagctl environments list', 'flagctl environments list -o json'],
    },
    environmentsList,
    insights,
    refs,
    {
      path: ['retire'],
      summary: 'Retire stale flags: a reviewed plan, then archive (writes)',
      examples: [
        'flagctl retire plan src --out plan.json',
        'flagctl retire show plan.json -o markdown',
        'flagctl retire apply plan.json',
      ],
    },
    retirePlan,
    retireShow,
    retireApply,
    cleanup,
    evaluate,
    api,
    exportCommand,
    diff,
    {
      path: ['auth'],
      summary: 'Store, check and remove server credentials',
      examples: ['flagctl auth login --url https://unleash.example.com', 'flagctl auth status --profile prod'],
    },
    authLogin,
    authList,
    authSwitch,
    authStatus,
    authLogout,
    completion,
  ],
};
