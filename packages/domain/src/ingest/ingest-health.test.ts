import { describe, expect, it } from 'vitest';
import { assessIngestHealth, IngestHealthSchema, type IngestQueueState } from './ingest-health.js';

const now = new Date('2026-06-15T12:00:00Z');
const idle: IngestQueueState = { mode: 'distributed', waiting: 0, active: 0, delayed: 0, failed: 0, oldestWaitingMs: null, workers: 2 };

describe('assessIngestHealth', () => {
  it('is ok when workers keep up, and says so in the API shape', () => {
    const health = assessIngestHealth({ ...idle, waiting: 3, oldestWaitingMs: 120.4, failed: 7 }, 'distributed', now);
    expect(IngestHealthSchema.parse(health)).toEqual({
      mode: 'distributed',
      status: 'ok',
      problems: [],
      queue: { waiting: 3, active: 0, delayed: 0, failed: 7, oldest_waiting_ms: 120 },
      workers: 2,
      checked_at: '2026-06-15T12:00:00.000Z',
    });
  });

  it('is down when batches wait and no worker is connected', () => {
    const health = assessIngestHealth({ ...idle, waiting: 4, oldestWaitingMs: 9000, workers: 0 }, 'distributed', now);
    expect(health.status).toBe('down');
    expect(health.problems).toEqual(['Kuyruğu işleyen çalışan (worker) yok; loglar kaydedilmiyor.', 'Bekleyen en eski paket 9 saniyedir bekliyor; loglar gecikmeli görünür.']);
  });

  it('is degraded when logs are late or batches are retried', () => {
    expect(assessIngestHealth({ ...idle, waiting: 1, oldestWaitingMs: 2500 }, 'distributed', now)).toMatchObject({
      status: 'degraded',
      problems: ['Bekleyen en eski paket 2,5 saniyedir bekliyor; loglar gecikmeli görünür.'],
    });
    expect(assessIngestHealth({ ...idle, waiting: 1, oldestWaitingMs: 480 }, 'distributed', now).status).toBe('ok');
    expect(assessIngestHealth({ ...idle, waiting: 1, oldestWaitingMs: 12_400 }, 'distributed', now).problems).toEqual(['Bekleyen en eski paket 12 saniyedir bekliyor; loglar gecikmeli görünür.']);
    expect(assessIngestHealth({ ...idle, delayed: 2 }, 'distributed', now).problems).toEqual(['2 paket hata sonrası yeniden denenmeyi bekliyor.']);
  });

  it('is down when the queue cannot be read', () => {
    expect(assessIngestHealth(null, 'distributed', now)).toMatchObject({ status: 'down', queue: null, workers: null, problems: ['Log kuyruğuna ulaşılamıyor (Redis yanıt vermiyor).'] });
  });
});
