import { sha256Hex } from './sha256-hex.js';
import { generalizeTokens, tokenFits } from './generalize-tokens.js';
import { tokenizeLogMessage, WILDCARD } from './tokenize-log-message.js';

/** Options of the template miner. The defaults are meant to be used as they are. */
export interface TemplateMinerOptions {
  /**
   * How many different words must be seen at one position of otherwise identical templates
   * before that position is taken to be a variable (user names, host names, states …).
   * Fewer stay separate templates (`startup` vs `shutdown`). Default 4.
   */
  variableAfter?: number;
  /** How many distinct message shapes are remembered for the constant-time fast path. Default 50,000. */
  maxCachedShapes?: number;
}

/** What `add` and `match` tell about a message. */
export interface TemplateMatch {
  /** Stable id of the message's template (`t` + 24 hex digits). */
  templateId: string;
  /** The template as shown, variables as `<*>`. */
  template: string;
  /** The template's tokens, as persisted (see {@link TemplateRecordSnapshot}); do not mutate. */
  tokens: readonly string[];
}

export interface TemplateAddResult extends TemplateMatch {
  /** A template was made for this message (insert it; when it was folded at once, only `merged` names it). */
  created: boolean;
  /** The template's text changed (it generalised, or absorbed other templates). */
  changed: boolean;
  /**
   * Ids of templates folded into `templateId` by this message. Their logs now belong to
   * `templateId`; the worker records them as aliases (see {@link TemplateMinerSnapshot}).
   */
  merged: string[];
}

/** One template as persisted. */
export interface TemplateRecordSnapshot {
  id: string;
  /**
   * Tokens: words, `<*>` for a variable token, or a token pattern such as `rhost=<*>` in
   * which `<*>` stands for any text.
   */
  tokens: string[];
  count: number;
  /** Creation order inside this miner; the older template survives a merge. */
  seq: number;
}

/**
 * JSON-serialisable miner state.
 *
 * Persisting and sharing it (the worker's side; the tables belong to the DB layer). The state
 * is a set of templates plus a set of aliases, both only growing, so several workers can
 * share it through two tables:
 * - `message_templates (project_id, template_id, tokens jsonb, count, first_seen)`, primary
 *   key `(project_id, template_id)`. When `add` returns `created`, insert the row with
 *   `ON CONFLICT DO NOTHING`: the id is a hash of the shape of the message that created the
 *   template, so two workers that see the same new message insert the same row. When it
 *   returns `changed`, update `tokens` (a template only ever gains variables, so a concurrent
 *   update is resolved by keeping, per position, the more general token — `absorb` does that).
 * - `message_template_aliases (project_id, alias_id, template_id)` for the `merged` ids of
 *   `add`/`absorb` results, inserted `ON CONFLICT DO NOTHING`. Logs and groups stored under an
 *   alias belong to the template it points to (follow the chain). The older template
 *   survives a fold, so a group's id does not change when it absorbs others.
 * A worker starts with `restoreTemplateMiner({ version: 1, templates, aliases })` built from
 * those rows (`seq` = rank of `first_seen`), and periodically — or when it meets a
 * template id it does not know — calls `absorb` with rows newer than its last poll. The
 * per-worker `snapshot()` is the same data, for a single process that just saves to disk.
 */
export interface TemplateMinerSnapshot {
  version: 1;
  options: Required<TemplateMinerOptions>;
  nextSeq: number;
  templates: TemplateRecordSnapshot[];
  aliases: Array<[string, string]>;
}

/** What {@link restoreTemplateMiner} needs: a snapshot, or the shared rows (options default). */
export interface TemplateMinerState {
  version: 1;
  options?: TemplateMinerOptions | undefined;
  nextSeq?: number | undefined;
  templates: readonly TemplateRecordSnapshot[];
  aliases?: ReadonlyArray<readonly [string, string]> | undefined;
}

/** An online log-template miner; see {@link createTemplateMiner}. */
export interface TemplateMiner {
  /** Groups a message, learning from it. About constant time per message. */
  add(message: string): TemplateAddResult;
  /** Groups a message without learning; undefined when no template fits. */
  match(message: string): TemplateMatch | undefined;
  /** The current id of a template id handed out before (follows merges). */
  resolve(templateId: string): string;
  /** The current template text of an id (follows merges); undefined if unknown. */
  getTemplate(templateId: string): string | undefined;
  /**
   * Takes in templates and aliases another worker persisted (rows of the shared tables, see
   * {@link TemplateMinerSnapshot}): unknown templates are added, known ones take the
   * position-wise more general tokens, aliases are applied, and templates that now fold
   * together are folded (the older survives). Returns the ids folded away by this call.
   * Absorbing the same rows again, or in another order, changes nothing more.
   */
  absorb(state: Pick<TemplateMinerState, 'templates' | 'aliases'>): string[];
  /** Number of live templates. */
  size(): number;
  snapshot(): TemplateMinerSnapshot;
}

const DEFAULTS: Required<TemplateMinerOptions> = { variableAfter: 4, maxCachedShapes: 50_000 };

interface TemplateRecord {
  id: string;
  tokens: string[];
  /** `tokens` joined, kept in step with them. */
  text: string;
  literals: number;
  count: number;
  seq: number;
}

/** Id of a template created from these shape tokens: deterministic, so workers agree. */
export function templateIdForShape(shape: readonly string[]): string {
  return 't' + sha256Hex(shape.join(' ')).slice(0, 24);
}

/** Whether a template token says something besides its variables: it has a letter outside `<*>`. */
function isWording(token: string): boolean {
  const text = token.includes(WILDCARD) ? token.split(WILDCARD).join('') : token;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code > 0x7f) return true;
  }
  return false;
}

/** Tokens that carry wording; a template needs one, or it would match anything of its length. */
function countLiterals(tokens: readonly string[]): number {
  let n = 0;
  for (const token of tokens) if (isWording(token)) n++;
  return n;
}

function fitsAll(tokens: readonly string[], shape: readonly string[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    if (!tokenFits(tokens[i] as string, shape[i] as string)) return false;
  }
  return true;
}

function bucketKey(tokens: readonly string[], position: number): string {
  let key = `${tokens.length}\u0002${position}\u0002`;
  for (let i = 0; i < tokens.length; i++) {
    if (i !== position) key += tokens[i] + '\u0001';
  }
  return key;
}

/**
 * Creates an online log-template miner.
 *
 * How it groups: a message is split into whitespace tokens and generic variables (numbers,
 * hex, ids, IPs, paths, URLs, e-mails, quoted values, booleans, dates …) become `<*>`
 * ({@link tokenizeLogMessage}). Equal shapes are one template (a hash-map hit: the
 * constant-time fast path). A new shape joins an existing template of the same length that
 * fits it (its words equal, its variables match anything). Otherwise it starts a template,
 * and templates that differ at exactly one position are folded into the oldest one, with a
 * variable there, when one of them already holds a value at that position (`rhost=<*>` and
 * `rhost=example.org`) or once `variableAfter` different words were seen there (twice as
 * many for the first word, which usually names the event).
 */
export function createTemplateMiner(options: TemplateMinerOptions = {}): TemplateMiner {
  return buildMiner({ ...DEFAULTS, ...options }, 0);
}

/** Recreates a miner from `snapshot()` output (or rows built like it); template ids and aliases are kept. */
export function restoreTemplateMiner(state: TemplateMinerState): TemplateMiner {
  if (state.version !== 1) throw new Error(`unsupported template miner snapshot version ${String(state.version)}`);
  const miner = buildMiner({ ...DEFAULTS, ...state.options }, state.nextSeq ?? 0);
  miner.absorb(state);
  return miner;
}

/** Older first; the id breaks ties so every worker picks the same survivor. */
function byAge(a: { seq: number; id: string }, b: { seq: number; id: string }): number {
  return a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function buildMiner(options: Required<TemplateMinerOptions>, initialSeq: number): TemplateMiner {
  const templates = new Map<string, TemplateRecord>();
  const aliases = new Map<string, string>();
  // Candidates for a new shape: same length and same first word, or a variable first word.
  const byFirstWord = new Map<string, Set<TemplateRecord>>();
  const buckets = new Map<string, Set<TemplateRecord>>();
  const shapes = new Map<string, string>();
  let nextSeq = initialSeq;

  function resolve(id: string): string {
    let current = id;
    let next = aliases.get(current);
    while (next !== undefined) {
      current = next;
      next = aliases.get(current);
    }
    if (current !== id && aliases.get(id) !== current) aliases.set(id, current);
    return current;
  }

  function firstWordKey(tokens: readonly string[]): string {
    const first = tokens[0] ?? '';
    return `${tokens.length}\u0002${first.includes(WILDCARD) ? WILDCARD : first}`;
  }

  function index(record: TemplateRecord): void {
    const firstKey = firstWordKey(record.tokens);
    let candidates = byFirstWord.get(firstKey);
    if (!candidates) byFirstWord.set(firstKey, (candidates = new Set()));
    candidates.add(record);
    for (let p = 0; p < record.tokens.length; p++) {
      const key = bucketKey(record.tokens, p);
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = new Set()));
      bucket.add(record);
    }
  }

  function unindex(record: TemplateRecord): void {
    const firstKey = firstWordKey(record.tokens);
    const candidates = byFirstWord.get(firstKey);
    candidates?.delete(record);
    if (candidates?.size === 0) byFirstWord.delete(firstKey);
    for (let p = 0; p < record.tokens.length; p++) {
      const key = bucketKey(record.tokens, p);
      const bucket = buckets.get(key);
      if (!bucket) continue;
      bucket.delete(record);
      if (bucket.size === 0) buckets.delete(key);
    }
  }

  function findTemplate(shape: readonly string[]): TemplateRecord | undefined {
    let best: TemplateRecord | undefined;
    const sameFirst = byFirstWord.get(firstWordKey(shape));
    const variableFirst = byFirstWord.get(`${shape.length}\u0002${WILDCARD}`);
    for (const candidates of sameFirst === variableFirst ? [sameFirst] : [sameFirst, variableFirst]) {
      if (!candidates) continue;
      for (const record of candidates) {
        // A template of variables only would swallow every message of its length.
        if (record.literals === 0 || !fitsAll(record.tokens, shape)) continue;
        if (!best || record.literals > best.literals || (record.literals === best.literals && record.seq < best.seq)) best = record;
      }
    }
    return best;
  }

  /** Which templates of a bucket to fold at `position`, and into what token; undefined for none. */
  function foldAt(record: TemplateRecord, position: number, bucket: Set<TemplateRecord>): { members: TemplateRecord[]; token: string } | undefined {
    const own = record.tokens[position] as string;
    const partners: TemplateRecord[] = [];
    let token = own;
    for (const member of bucket) {
      if (member === record) continue;
      const other = member.tokens[position] as string;
      if (!own.includes(WILDCARD) && !other.includes(WILDCARD)) continue;
      const general = generalizeTokens(own, other);
      if (general === WILDCARD && own !== WILDCARD && other !== WILDCARD) continue;
      partners.push(member);
      token = generalizeTokens(token, other);
    }
    if (partners.length > 0) return { members: [record, ...partners], token };
    // Count only plain words: a differently built value (`num=<*>` next to `user=root`) is no evidence.
    if (own.includes(WILDCARD)) return undefined;
    const members = [...bucket].filter((member) => !(member.tokens[position] as string).includes(WILDCARD));
    const needed = position === 0 ? 2 * options.variableAfter : options.variableAfter;
    if (members.length < needed) return undefined;
    for (const member of members) token = generalizeTokens(token, member.tokens[position] as string);
    return { members, token };
  }

  /** Folds templates that differ at one position into the oldest one, until nothing changes. */
  function settle(start: TemplateRecord, merged: string[]): TemplateRecord {
    let record = start;
    for (let p = 0; p < record.tokens.length; p++) {
      const bucket = buckets.get(bucketKey(record.tokens, p));
      if (!bucket || bucket.size < 2) continue;
      const fold = foldAt(record, p, bucket);
      if (!fold) continue;
      const literalsAfter = record.literals - (isWording(record.tokens[p] as string) && !isWording(fold.token) ? 1 : 0);
      if (literalsAfter < 1) continue;
      const members = fold.members.sort(byAge);
      const survivor = members[0] as TemplateRecord;
      for (const member of members) unindex(member);
      for (const member of members) {
        if (member === survivor) continue;
        templates.delete(member.id);
        aliases.set(member.id, survivor.id);
        merged.push(member.id);
        survivor.count += member.count;
      }
      survivor.tokens = survivor.tokens.map((token, i) => (i === p ? fold.token : token));
      survivor.text = survivor.tokens.join(' ');
      survivor.literals = countLiterals(survivor.tokens);
      index(survivor);
      record = survivor;
      p = -1; // the survivor's other positions may now fold too
    }
    return record;
  }

  function remember(key: string, id: string): void {
    if (shapes.size >= options.maxCachedShapes) shapes.clear();
    shapes.set(key, id);
  }

  function render(record: TemplateRecord): string {
    return record.text;
  }

  /** Replaces a template's tokens by the position-wise generalisation with `tokens`; true if any changed. */
  function generalizeRecord(record: TemplateRecord, tokens: readonly string[]): boolean {
    if (record.tokens.length !== tokens.length) return false;
    const general = record.tokens.map((token, i) => generalizeTokens(token, tokens[i] as string));
    if (general.every((token, i) => token === record.tokens[i])) return false;
    unindex(record);
    record.tokens = general;
    record.text = general.join(' ');
    record.literals = countLiterals(general);
    index(record);
    return true;
  }

  function absorb(state: Pick<TemplateMinerState, 'templates' | 'aliases'>): string[] {
    const merged: string[] = [];
    const touched: TemplateRecord[] = [];
    for (const t of [...state.templates].sort(byAge)) {
      if (t.seq >= nextSeq) nextSeq = t.seq + 1;
      const known = templates.get(resolve(t.id));
      if (known) {
        if (generalizeRecord(known, t.tokens)) touched.push(known);
        continue;
      }
      const record: TemplateRecord = { id: t.id, tokens: [...t.tokens], text: t.tokens.join(' '), literals: countLiterals(t.tokens), count: t.count, seq: t.seq };
      templates.set(record.id, record);
      index(record);
      touched.push(record);
    }
    for (const [from, to] of state.aliases ?? []) {
      const target = templates.get(resolve(to));
      const folded = templates.get(from);
      if (folded && target && folded !== target) {
        // The shared alias decides, so every worker ends with the same id.
        unindex(folded);
        templates.delete(folded.id);
        aliases.set(folded.id, target.id);
        merged.push(folded.id);
        target.count += folded.count;
        generalizeRecord(target, folded.tokens);
        touched.push(target);
      } else if (!folded && from !== to && !aliases.has(from)) {
        aliases.set(from, to);
      }
    }
    for (const record of touched.sort(byAge)) {
      if (templates.get(record.id) === record) settle(record, merged);
    }
    return merged;
  }

  function lookup(shape: readonly string[], key: string): TemplateRecord | undefined {
    const known = shapes.get(key);
    if (known !== undefined) {
      const record = templates.get(resolve(known));
      if (record) return record;
    }
    return undefined;
  }

  return {
    add(message) {
      const shape = tokenizeLogMessage(message);
      const key = shape.join(' ');
      const known = lookup(shape, key);
      if (known) {
        known.count++;
        return { templateId: known.id, template: render(known), tokens: known.tokens, created: false, changed: false, merged: [] };
      }
      const found = findTemplate(shape);
      if (found) {
        found.count++;
        remember(key, found.id);
        return { templateId: found.id, template: render(found), tokens: found.tokens, created: false, changed: false, merged: [] };
      }
      const id = templateIdForShape(shape);
      const existing = templates.get(resolve(id));
      if (existing) {
        // This shape made a template before that has since been folded elsewhere.
        existing.count++;
        remember(key, existing.id);
        return { templateId: existing.id, template: render(existing), tokens: existing.tokens, created: false, changed: false, merged: [] };
      }
      const record: TemplateRecord = { id, tokens: [...shape], text: key, literals: countLiterals(shape), count: 1, seq: nextSeq++ };
      templates.set(id, record);
      index(record);
      const merged: string[] = [];
      const survivor = settle(record, merged);
      remember(key, survivor.id);
      return { templateId: survivor.id, template: render(survivor), tokens: survivor.tokens, created: survivor === record, changed: merged.length > 0, merged };
    },

    match(message) {
      const shape = tokenizeLogMessage(message);
      const record = lookup(shape, shape.join(' ')) ?? findTemplate(shape);
      return record ? { templateId: record.id, template: render(record), tokens: record.tokens } : undefined;
    },

    resolve,
    absorb,

    getTemplate(templateId) {
      const record = templates.get(resolve(templateId));
      return record ? render(record) : undefined;
    },

    size: () => templates.size,

    snapshot() {
      const list = [...templates.values()]
        .sort(byAge)
        .map((r) => ({ id: r.id, tokens: [...r.tokens], count: r.count, seq: r.seq }));
      const aliasList: Array<[string, string]> = [...aliases.keys()].sort().map((from) => [from, resolve(from)]);
      return { version: 1, options: { ...options }, nextSeq, templates: list, aliases: aliasList };
    },
  };
}
