import type { ChangeEvent } from '../api/events.js';
import { strategyChanges, strategyGist, strategyLabel } from './strategy.js';
import { list, own, quote, rec, same, some, text, type Rec } from './values.js';
import { variantsSummary } from './variants.js';

// One line per change event, computed from its `data` and `preData`. The server's own
// `summary` is markdown with links and is never shown: it is untrusted formatting.

type Summarizer = (data: Rec | undefined, pre: Rec | undefined, e: ChangeEvent) => string;

const tagText = (t: Rec | undefined) => (t ? `${text(t.type) ?? '?'}:${text(t.value) ?? '?'}` : '?');
const envText = (e: ChangeEvent) => (e.environment ? ` in ${e.environment}` : '');

function metadataChanges(data: Rec | undefined, pre: Rec | undefined): string {
  if (!data || !pre) return 'metadata changed';
  const changes: string[] = [];
  if (text(pre.description) !== text(data.description))
    changes.push(data.description ? 'description changed' : 'description removed');
  if (text(pre.type) !== text(data.type)) changes.push(`type ${text(pre.type) ?? '-'} → ${text(data.type) ?? '-'}`);
  if ((pre.impressionData === true) !== (data.impressionData === true)) {
    changes.push(`impression data ${data.impressionData === true ? 'on' : 'off'}`);
  }
  if ((pre.stale === true) !== (data.stale === true))
    changes.push(data.stale === true ? 'marked stale' : 'no longer stale');
  if (text(pre.project) !== text(data.project))
    changes.push(`project ${text(pre.project) ?? '-'} → ${text(data.project) ?? '-'}`);
  return changes.length ? changes.join('; ') : 'metadata saved, nothing visible changed';
}

function dependency(d: Rec | undefined): string {
  if (!d) return 'parent';
  const need = d.enabled === false ? 'disabled' : 'enabled';
  const variants = list(d.variants).map((v) => text(v) ?? '?');
  return `${quote(text(d.feature) ?? '?')} (${need}${variants.length ? `, variants ${some(variants)}` : ''})`;
}

/** "an experiment", "a release": by the first letter, which is right for every built-in flag type. */
const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** `strategy "Title"`, or just `strategy` when the gist that follows names its type anyway. */
const titled = (st: Rec) => (text(st.title) ? strategyLabel(st) : 'strategy');

// A Map: the type is the server's word, and a plain object would answer `toString` or `__proto__`.
const summarizers = new Map<string, Summarizer>(
  Object.entries({
    'feature-created': (d) =>
      `created${text(d?.type) ? ` as ${article(text(d?.type)!)} ${text(d?.type)} flag` : ''}${text(d?.project) ? ` in project ${text(d?.project)}` : ''}`,
    'feature-archived': () => 'archived',
    'feature-revived': () => 'revived from the archive',
    'feature-deleted': () => 'deleted',
    'feature-environment-enabled': (_d, _p, e) => `enabled${envText(e)}`,
    'feature-environment-disabled': (_d, _p, e) => `disabled${envText(e)}`,
    'feature-stale-on': () => 'marked stale',
    'feature-stale-off': () => 'no longer stale',
    'feature-potentially-stale-on': () => 'became potentially stale (older than its type expects)',
    'feature-tagged': (d) => `tag ${tagText(d)} added`,
    'feature-untagged': (_d, p) => `tag ${tagText(p)} removed`,
    'feature-metadata-updated': (d, p) => metadataChanges(d, p),
    'feature-type-updated': (d, p) => `type ${text(p?.type) ?? '-'} → ${text(d?.type) ?? '-'}`,
    'feature-project-change': (d) => `moved to project ${text(d?.newProject) ?? text(d?.project) ?? '?'}`,
    'feature-strategy-add': (d) => (d ? `${titled(d)} added: ${strategyGist(d)}` : 'strategy added'),
    'feature-strategy-remove': (_d, p) => (p ? `${titled(p)} removed (was ${strategyGist(p)})` : 'strategy removed'),
    'feature-strategy-update': (d, p) => {
      if (!d || !p) return d ? `${strategyLabel(d)} updated: ${strategyGist(d)}` : 'strategy updated';
      const changes = strategyChanges(p, d);
      return `${strategyLabel(d, p)}: ${changes.length ? changes.join('; ') : 'saved, nothing visible changed'}`;
    },
    'strategy-order-changed': () => 'strategy order changed',
    'feature-variants-updated': (d, p) => variantsSummary(p, d),
    'feature-environment-variants-updated': (d, p) => variantsSummary(p, d),
    'feature-dependency-added': (d) => `now depends on ${dependency(d)}`,
    'feature-dependency-removed': (_d, p) => `no longer depends on ${dependency(p)}`,
    'feature-dependencies-removed': () => 'all dependencies removed',
    'feature-completed': (d) => `marked completed${text(d?.status) ? ` (${text(d?.status)})` : ''}`,
    'feature-uncompleted': () => 'no longer completed',
    'feature-link-added': (d) => `link added${text(d?.url) ? `: ${text(d?.url)}` : ''}`,
    'feature-link-removed': (_d, p) => `link removed${text(p?.url) ? `: ${text(p?.url)}` : ''}`,
    'feature-link-updated': (d) => `link updated${text(d?.url) ? `: ${text(d?.url)}` : ''}`,
  } satisfies Record<string, Summarizer>),
);

/** What a type that flagctl does not know changed: the top-level fields that differ. */
function fallback(data: Rec | undefined, pre: Rec | undefined, e: ChangeEvent): string {
  const what = e.type.replace(/^feature-/, '').replace(/-/g, ' ');
  if (!data && !pre) return what;
  const keys = [...new Set([...Object.keys(pre ?? {}), ...Object.keys(data ?? {})])].filter(
    (k) => !same(own(pre, k), own(data, k)),
  );
  return keys.length ? `${what}: ${some(keys)} changed` : what;
}

/** The one-line summary of a change event (plain text; the view makes it terminal-safe). */
export function summarize(e: ChangeEvent): string {
  const data = rec(e.data);
  const pre = rec(e.preData);
  return (summarizers.get(e.type) ?? fallback)(data, pre, e);
}
