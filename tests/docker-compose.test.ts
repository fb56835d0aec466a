import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { NODE_ARGS } from '../scripts/server-node-args.mjs';

/** Docker is not available here: check the topology file parses and names only what exists. */
const root = join(import.meta.dirname, '..');
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, { command?: string[]; build?: { dockerfile: string }; environment?: Record<string, string>; depends_on?: Record<string, unknown> }>;
};

describe('docker-compose.yml', () => {
  it('describes gateway, worker, postgres and redis', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['gateway', 'postgres', 'redis', 'worker']);
  });

  it('runs entry points and Dockerfiles that exist in the repository', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.build) expect(existsSync(join(root, service.build.dockerfile)), `${name} dockerfile`).toBe(true);
      for (const arg of service.command ?? []) {
        // A compiled app is built in the image (npm run build:server) from a source that exists.
        const compiled = /^apps\/([^/]+)\/dist\/main\.mjs$/.exec(arg);
        if (compiled) {
          expect(readFileSync(join(root, 'scripts', 'build-server.mjs'), 'utf8'), `${name}: ${arg} is built`).toContain(`'${arg}'`);
          expect(existsSync(join(root, 'apps', compiled[1]!, 'src', 'main.ts')), `${name}: source of ${arg}`).toBe(true);
        } else if (/\.(ts|js|mjs)$/.test(arg)) expect(existsSync(join(root, arg)), `${name}: ${arg}`).toBe(true);
      }
      for (const dependency of Object.keys(service.depends_on ?? {})) expect(compose.services[dependency], dependency).toBeDefined();
    }
  });

  it('runs gateway and worker, here and in the image, with the node flags of scripts/server-node-args.mjs', () => {
    expect(compose.services.gateway!.command).toEqual(['node', ...NODE_ARGS.gateway, 'apps/gateway/dist/main.mjs']);
    expect(compose.services.worker!.command).toEqual(['node', ...NODE_ARGS['ingest-worker'], 'apps/ingest-worker/dist/main.mjs']);
    expect(NODE_ARGS['ingest-worker']).toContain('--max-old-space-size=1536');
    const cmd = /^CMD (.+)$/m.exec(readFileSync(join(root, 'infra', 'Dockerfile'), 'utf8'))?.[1];
    expect(JSON.parse(cmd!)).toEqual(['node', ...NODE_ARGS.gateway, 'apps/gateway/dist/main.mjs']);
  });

  it('gives gateway and worker the distributed-mode settings', () => {
    for (const name of ['gateway', 'worker']) {
      expect(Object.keys(compose.services[name]!.environment ?? {})).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET']));
    }
  });
});
