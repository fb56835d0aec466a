import type { ExceptionInfo } from '../log/exception.js';
import type { LogLevel } from '../log/levels.js';
import { computeExceptionGrouping } from './compute-exception-grouping.js';
import { sha256Hex } from './sha256-hex.js';
import type { TemplateMiner } from './template-miner.js';

/** Version of the grouping; stored with each group so a later v2 can live next to it. */
export const GROUPING_VERSION = 'v1';

/** What the worker knows about a log when grouping it. */
export interface FingerprintInput {
  message: string;
  level: LogLevel;
  exception?: ExceptionInfo | undefined;
  /** Client-given fingerprint (Sentry style); `{{ default }}` stands for the computed one. */
  fingerprint?: string[] | undefined;
  logger?: string | undefined;
  transaction?: string | undefined;
}

export interface FingerprintResult {
  /** `v1:` + SHA-256 hex of the grouping components: the group key. */
  fingerprint: string;
  kind: 'exception' | 'message' | 'custom';
  /** What the UI shows for the group: a message template or `Type: in module.function`. */
  template: string;
  /** Short Turkish explanation of why logs fall into this group. */
  reason: string;
  /** The message template's id, when the message template decided the group. */
  templateId?: string;
  /**
   * What the miner learned from this log, for the worker to persist and share
   * (see {@link TemplateMinerSnapshot}): set when the template was created or changed.
   */
  learned?: { templateId: string; tokens: readonly string[]; mergedTemplateIds: string[] };
  /**
   * Fingerprints of message groups this log's template has just absorbed (a template
   * generalised over them); the worker merges those groups into this one.
   */
  mergedFingerprints?: string[];
}

interface DefaultGrouping {
  components: string[];
  kind: 'exception' | 'message';
  template: string;
  reason: string;
  templateId?: string;
  mergedTemplateIds: string[];
  learned?: FingerprintResult['learned'];
}

/** Longest message part given to the template miner; a group never depends on the rest. */
const MAX_MINED_CHARS = 2048;

/** Fingerprints of recently seen components: most logs of a batch share a few groups. */
const recentHashes = new Map<string, string>();
const RECENT_HASHES_MAX = 10_000;

function hashComponents(components: readonly string[]): string {
  const key = JSON.stringify(components);
  let hash = recentHashes.get(key);
  if (hash === undefined) {
    hash = `${GROUPING_VERSION}:${sha256Hex(key)}`;
    if (recentHashes.size >= RECENT_HASHES_MAX) recentHashes.clear();
    recentHashes.set(key, hash);
  }
  return hash;
}

/** The fingerprint of the message group of a template id (what `computeFingerprint` gives such logs). */
export function messageFingerprint(templateId: string): string {
  return hashComponents([`template:${templateId}`]);
}

/** First two non-empty lines: what a message is grouped on (Sentry does the same). */
function groupedPart(message: string): string {
  const lines: string[] = [];
  for (const line of message.slice(0, MAX_MINED_CHARS).split(/\r?\n/)) {
    if (line.trim() === '') continue;
    lines.push(line.trim());
    if (lines.length === 2) break;
  }
  return lines.join(' ');
}

function defaultGrouping(log: FingerprintInput, miner: TemplateMiner): DefaultGrouping {
  if (log.exception) {
    const grouping = computeExceptionGrouping(log.exception);
    if (grouping.components.length > 0) {
      const type = grouping.type ?? 'Exception';
      const template = grouping.culprit ? `${type}: in ${grouping.culprit}` : `${type}: ${valueTemplate(grouping.components)}`;
      const reason =
        grouping.frameCount > 0
          ? `Aynı istisna türü (${type}) ve aynı ${grouping.inAppOnly ? 'uygulama ' : ''}çağrı yığını (${grouping.frameCount} çerçeve; satır numaraları ve değişken değerleri yok sayılır)`
          : `Çağrı yığını yok: aynı istisna türü (${type}) ve sayıları, kimlikleri ayıklanmış aynı hata mesajı`;
      return { components: grouping.components, kind: 'exception', template, reason, mergedTemplateIds: [] };
    }
  }
  const added = miner.add(groupedPart(log.message));
  return {
    components: [`template:${added.templateId}`],
    kind: 'message',
    template: added.template,
    reason: 'Aynı mesaj şablonu: sayılar, kimlikler, adresler gibi değişen kısımlar (<*>) yok sayılır',
    templateId: added.templateId,
    mergedTemplateIds: added.merged,
    ...(added.created || added.changed || added.merged.length > 0
      ? { learned: { templateId: added.templateId, tokens: added.tokens, mergedTemplateIds: added.merged } }
      : {}),
  };
}

function valueTemplate(components: readonly string[]): string {
  for (let i = components.length - 1; i >= 0; i--) {
    const component = components[i] as string;
    if (component.startsWith('value:')) return component.slice('value:'.length);
  }
  return '';
}

/** `{{ default }}`, `{{type}}` …: the variable name inside braces, or undefined for a literal part. */
function variableName(part: string): string | undefined {
  const match = /^\{\{\s*([\w.]+)\s*\}\}$/.exec(part.trim());
  return match?.[1]?.toLowerCase();
}

/**
 * The group of a log (grouping v1). Precedence: a client `fingerprint` list (kind `custom`;
 * `{{ default }}` is replaced by the computed components, `{{ type }}`/`{{ error.type }}`,
 * `{{ level }}`, `{{ logger }}`, `{{ message }}`, `{{ transaction }}` by those values,
 * anything else is taken literally); else the exception (type and in-app frames, see
 * {@link computeExceptionGrouping}); else the message template from `miner`, which learns
 * from the message. Deterministic given the miner's state.
 */
export function computeFingerprint(log: FingerprintInput, miner: TemplateMiner): FingerprintResult {
  const custom = log.fingerprint?.filter((part) => part.trim() !== '') ?? [];
  if (custom.length > 0) {
    const usesDefault = custom.some((part) => variableName(part) === 'default');
    const grouping = usesDefault ? defaultGrouping(log, miner) : undefined;
    const components: string[] = [];
    for (const part of custom) {
      const name = variableName(part);
      if (name === 'default' && grouping) components.push(...grouping.components);
      else if (name === 'type' || name === 'error.type') components.push(`type:${log.exception?.type ?? ''}`);
      else if (name === 'level') components.push(`level:${log.level}`);
      else if (name === 'logger') components.push(`logger:${log.logger ?? ''}`);
      else if (name === 'message') components.push(`message:${log.message}`);
      else if (name === 'transaction') components.push(`transaction:${log.transaction ?? ''}`);
      else components.push(`literal:${part}`);
    }
    return {
      fingerprint: hashComponents(['custom', ...components]),
      kind: 'custom',
      template: grouping ? grouping.template : custom.join(' '),
      reason: `İstemcinin gönderdiği parmak izi: ${custom.join(', ')}`,
      ...(grouping?.templateId !== undefined ? { templateId: grouping.templateId } : {}),
      ...(grouping?.learned ? { learned: grouping.learned } : {}),
    };
  }
  const grouping = defaultGrouping(log, miner);
  return {
    fingerprint: hashComponents(grouping.components),
    kind: grouping.kind,
    template: grouping.template,
    reason: grouping.reason,
    ...(grouping.templateId !== undefined ? { templateId: grouping.templateId } : {}),
    ...(grouping.mergedTemplateIds.length > 0 ? { mergedFingerprints: grouping.mergedTemplateIds.map(messageFingerprint) } : {}),
    ...(grouping.learned ? { learned: grouping.learned } : {}),
  };
}
