import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 of the UTF-8 bytes of `text`, as lowercase hex. Pure JavaScript so the same ids come
 * out in Node (worker) and in the browser (web app) without `node:crypto`.
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
