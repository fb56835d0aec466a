import { describe, expect, it } from 'vitest';
import { createTemplateMiner, restoreTemplateMiner, type TemplateMinerSnapshot } from './template-miner.js';

describe('createTemplateMiner', () => {
  it('puts messages that differ only in numbers and ids in one template', () => {
    const miner = createTemplateMiner();
    const first = miner.add('Kullanıcı 42 için oturum açıldı');
    const second = miner.add('Kullanıcı 1907 için oturum açıldı');
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.templateId).toBe(first.templateId);
    expect(second.template).toBe('Kullanıcı <*> için oturum açıldı');
  });

  it('keeps messages with different wording apart', () => {
    const miner = createTemplateMiner();
    const opened = miner.add('session opened for user 12');
    const closed = miner.add('session closed for user 12');
    expect(closed.templateId).not.toBe(opened.templateId);
  });

  it('learns that a word position is variable once enough different words were seen there, keeping the first id', () => {
    const miner = createTemplateMiner();
    const ids = ['admin', 'oracle', 'test', 'guest', 'ubuntu'].map((user) => miner.add(`Invalid user ${user} from 10.0.0.${user.length}`));
    const first = ids[0]!.templateId;
    expect(ids[3]!.templateId).toBe(first);
    expect(ids[3]!.changed).toBe(true);
    expect(ids[3]!.merged).toHaveLength(3);
    expect(ids[3]!.template).toBe('Invalid user <*> from <*>');
    expect(ids[4]!.templateId).toBe(first);
    for (const added of ids) expect(miner.resolve(added.templateId)).toBe(first);
  });

  it('does not fold a few distinct words that name different events', () => {
    const miner = createTemplateMiner();
    const started = miner.add('cupsd startup succeeded');
    const stopped = miner.add('cupsd shutdown succeeded');
    expect(miner.resolve(started.templateId)).not.toBe(miner.resolve(stopped.templateId));
  });

  it('folds a word value into a template that already holds values at that position', () => {
    const miner = createTemplateMiner();
    const withIp = miner.add('connection from host (10-1-2-3.example.net) closed');
    const empty = miner.add('connection from host () closed');
    expect(empty.templateId).toBe(withIp.templateId);
  });

  it('never lets a template made only of variables swallow other messages', () => {
    const miner = createTemplateMiner();
    const numbers = miner.add('12 34');
    const words = miner.add('Interrupting SendWorker');
    expect(words.templateId).not.toBe(numbers.templateId);
  });

  it('derives the same id in two independent miners that see the same new message', () => {
    const a = createTemplateMiner();
    const b = createTemplateMiner();
    a.add('Disk /dev/sda1 is 91% full');
    b.add('Payment 77 captured');
    expect(a.add('Cache warmed in 120 ms').templateId).toBe(b.add('Cache warmed in 87 ms').templateId);
  });

  it('keeps template ids and merges across snapshot and restore', () => {
    const miner = createTemplateMiner();
    const ids = ['admin', 'oracle', 'test', 'guest'].map((u) => miner.add(`Invalid user ${u} from 10.0.0.1`).templateId);
    const done = miner.add('Backup 3 done').templateId;
    const snapshot = JSON.parse(JSON.stringify(miner.snapshot())) as TemplateMinerSnapshot;
    const restored = restoreTemplateMiner(snapshot);
    expect(restored.add('Invalid user root from 10.0.0.9').templateId).toBe(ids[0]);
    expect(restored.add('Backup 4 done').templateId).toBe(done);
    expect(restored.resolve(ids[2]!)).toBe(ids[0]);
    expect(restored.size()).toBe(miner.size());
  });

  it('matches without learning', () => {
    const miner = createTemplateMiner();
    const known = miner.add('Worker 3 started');
    expect(miner.match('Worker 8 started')?.templateId).toBe(known.templateId);
    expect(miner.match('Something else entirely')).toBeUndefined();
    expect(miner.size()).toBe(1);
  });

  it('lets a worker absorb another worker\'s templates and agree on the ids', () => {
    const a = createTemplateMiner();
    const b = createTemplateMiner();
    const users = ['admin', 'oracle', 'test', 'guest'];
    const fromA = users.map((u) => a.add(`Invalid user ${u} from 10.0.0.1`).templateId);
    const fromB = b.add('Invalid user zed from 10.0.0.2').templateId;
    const shared = a.snapshot();
    const merged = b.absorb(shared);
    expect(merged).toContain(fromB);
    expect(b.resolve(fromB)).toBe(fromA[0]);
    expect(b.add('Invalid user nobody from 10.0.0.3').templateId).toBe(fromA[0]);
    expect(b.absorb(shared)).toEqual([]);
  });

  it('follows shared aliases even for templates this worker made itself', () => {
    const a = createTemplateMiner();
    const b = createTemplateMiner();
    const kept = b.add('Disk sda is full').templateId;
    const folded = b.add('Disk sdb is full').templateId;
    b.absorb({ templates: [], aliases: [[folded, kept]] });
    expect(b.resolve(folded)).toBe(kept);
    expect(b.add('Disk sdb is full').templateId).toBe(kept);
    expect(a.size()).toBe(0);
  });
});
