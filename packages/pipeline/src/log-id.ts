import { createHash, randomBytes } from 'node:crypto';

// Random bytes drawn 4 KiB at a time: one system call per 256 ids instead of one per log.
let pool = Buffer.alloc(0);
let offset = 0;
function nextRandom16(): Buffer {
  if (offset + 16 > pool.length) {
    pool = randomBytes(4096);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + 16));
  offset += 16;
  return bytes;
}

/** Writes `timeMs` and the version and variant bits into 16 bytes and formats them as a UUIDv7. */
function uuidV7(timeMs: number, bytes: Buffer): string {
  const ms = BigInt(Math.max(0, Math.floor(timeMs)));
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A UUIDv7 whose time part is `timeMs` (the log's own timestamp): ids sort by log time and a
 * lookup by id alone knows which day partition to read (see `timeOfLogId`).
 */
export function logIdFor(timeMs: number): string {
  return uuidV7(timeMs, nextRandom16());
}

/**
 * The id of the `index`-th item of a request sent with an Idempotency-Key: the same project,
 * key, item and time always give the same id (its 74 other bits come from SHA-256), so a batch
 * the client sends again after a lost answer conflicts with the stored rows and adds nothing.
 */
export function idempotentLogId(timeMs: number, projectId: string, idempotencyKey: string, index: number): string {
  return uuidV7(timeMs, createHash('sha256').update(`${projectId}\n${idempotencyKey}\n${index}`).digest().subarray(0, 16));
}

/** The millisecond timestamp inside a UUIDv7 made by `logIdFor`, or undefined for other ids. */
export function timeOfLogId(id: string): number | undefined {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) return undefined;
  return Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}
