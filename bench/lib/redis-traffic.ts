import { Redis } from 'ioredis';

/** Commands whose calls are worth counting per log: jobs added and taken, live frames published. */
const COUNTED = ['publish', 'evalsha', 'eval'];

async function snapshot(redis: Redis): Promise<{ calls: Record<string, number>; inBytes: number; outBytes: number }> {
  const [commands, stats] = await Promise.all([redis.info('commandstats'), redis.info('stats')]);
  const calls: Record<string, number> = {};
  for (const name of COUNTED) calls[name] = Number(new RegExp(`^cmdstat_${name}:calls=(\\d+)`, 'm').exec(commands)?.[1] ?? 0);
  const stat = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(stats)?.[1] ?? 0);
  return { calls, inBytes: stat('total_net_input_bytes'), outBytes: stat('total_net_output_bytes') };
}

/**
 * What Redis carried over a phase of a benchmark, per 1,000 logs: calls of a few commands and
 * the bytes in and out (live frames go out once per subscribed gateway). A diagnostic line.
 */
export async function redisTraffic(url: string): Promise<{ perThousand(logs: number): Promise<string> }> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  const before = await snapshot(redis);
  return {
    async perThousand(logs) {
      const after = await snapshot(redis);
      redis.disconnect();
      const per = (n: number) => Math.round((n * 1000 * 10) / Math.max(1, logs)) / 10;
      const calls = COUNTED.map((name) => `${name} ${per(after.calls[name]! - before.calls[name]!)}`).join(', ');
      return `${calls}; KB in ${per((after.inBytes - before.inBytes) / 1024)}, out ${per((after.outBytes - before.outBytes) / 1024)}`;
    },
  };
}
