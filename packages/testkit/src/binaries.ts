import { existsSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

function onPath(name: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Folder holding initdb/postgres: PATH first, then Debian's /usr/lib/postgresql/<newest>/bin. */
export function findPostgresBin(): string | undefined {
  const initdb = onPath('initdb');
  if (initdb && existsSync(join(initdb, '..', 'postgres'))) return join(initdb, '..');
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

export function findRedisServer(): string | undefined {
  return onPath('redis-server');
}
