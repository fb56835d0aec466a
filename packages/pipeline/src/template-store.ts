import { restoreTemplateMiner, createTemplateMiner, type TemplateMiner } from '@seyir/domain';
import { findTemplateAliases, findTemplates, saveTemplateAliases, saveTemplates, type SqlClient } from '@seyir/db';

interface ProjectMiner {
  miner: TemplateMiner;
  templateSeq: number;
  aliasSeq: number;
  syncedAt: number;
}

export interface TemplateChanges {
  templates: Map<string, readonly string[]>;
  aliases: Map<string, string>;
}

/** How often a worker reads templates other workers saved. Default 1 s. */
const SYNC_INTERVAL_MS = 1000;
/** Projects whose miners are kept in memory (least recently used ones are dropped). */
const MAX_PROJECTS = 500;

/**
 * The template miners of a process, one per project, shared with every other worker through
 * `message_templates` and `message_template_aliases`: loaded on first use, topped up with
 * rows others saved (at most once a second), and saved back when they learn. Template ids
 * are derived from message shapes, so workers that learn the same template save the same row.
 */
export class TemplateStore {
  private readonly projects = new Map<string, ProjectMiner>();

  constructor(private readonly sql: SqlClient, private readonly now: () => number = Date.now) {}

  /** The project's miner, up to date with what other workers saved. */
  async minerFor(projectId: string): Promise<TemplateMiner> {
    let entry = this.projects.get(projectId);
    if (!entry) {
      entry = await this.load(projectId);
      this.projects.set(projectId, entry);
      if (this.projects.size > MAX_PROJECTS) this.projects.delete(this.projects.keys().next().value as string);
    } else if (this.now() - entry.syncedAt >= SYNC_INTERVAL_MS) {
      await this.sync(projectId, entry);
    }
    // Keep recently used projects at the end of the insertion order (LRU).
    this.projects.delete(projectId);
    this.projects.set(projectId, entry);
    return entry.miner;
  }

  /** Saves what the miner learned from a batch (idempotent; outside the batch transaction). */
  async save(projectId: string, changes: TemplateChanges): Promise<void> {
    await saveTemplates(
      this.sql,
      projectId,
      [...changes.templates].map(([templateId, tokens]) => ({ templateId, tokens })),
    );
    await saveTemplateAliases(
      this.sql,
      projectId,
      [...changes.aliases].map(([aliasId, templateId]) => ({ aliasId, templateId })),
    );
  }

  /** Forgets a project's miner (after the project was deleted). */
  forget(projectId: string): void {
    this.projects.delete(projectId);
  }

  private async load(projectId: string): Promise<ProjectMiner> {
    const templates = await findTemplates(this.sql, projectId);
    const aliases = await findTemplateAliases(this.sql, projectId);
    const miner =
      templates.length === 0
        ? createTemplateMiner()
        : restoreTemplateMiner({
            version: 1,
            templates: templates.map((t, i) => ({ id: t.templateId, tokens: t.tokens, count: 1, seq: i })),
            aliases: aliases.map((a) => [a.aliasId, a.templateId] as [string, string]),
          });
    return {
      miner,
      templateSeq: templates.at(-1)?.seq ?? 0,
      aliasSeq: aliases.at(-1)?.seq ?? 0,
      syncedAt: this.now(),
    };
  }

  private async sync(projectId: string, entry: ProjectMiner): Promise<void> {
    const templates = await findTemplates(this.sql, projectId, entry.templateSeq);
    const aliases = await findTemplateAliases(this.sql, projectId, entry.aliasSeq);
    if (templates.length > 0 || aliases.length > 0) {
      entry.miner.absorb({
        templates: templates.map((t) => ({ id: t.templateId, tokens: t.tokens, count: 1, seq: t.seq })),
        aliases: aliases.map((a) => [a.aliasId, a.templateId] as [string, string]),
      });
      entry.templateSeq = Math.max(entry.templateSeq, templates.at(-1)?.seq ?? 0);
      entry.aliasSeq = Math.max(entry.aliasSeq, aliases.at(-1)?.seq ?? 0);
    }
    entry.syncedAt = this.now();
  }
}
