/**
 * The stages of one request as a W3C `Server-Timing` header (`read;dur=0.1, admit;dur=0.9, …`,
 * milliseconds): an operator (or bench:ingest) sees where an answer's time went inside the
 * gateway, and the rest of the round trip is what happened outside it (network, the client).
 * `startStages` at the request's first middleware; each `markStage` ends a stage begun at the
 * previous mark.
 */
import type { Response } from 'express';

/** A request's stages so far (in `res.locals.stages`): when the last one ended, and the parts. */
interface Stages {
  last: number;
  parts: string[];
}

export function startStages(res: Response): void {
  res.locals.stages = { last: performance.now(), parts: [] } satisfies Stages;
}

/** Ends the stage `name` now; a no-op when the request was not started (another router). */
export function markStage(res: Response, name: string): void {
  const stages = res.locals.stages as Stages | undefined;
  if (!stages) return;
  const now = performance.now();
  stages.parts.push(`${name};dur=${(now - stages.last).toFixed(2)}`);
  stages.last = now;
}

/** Sets the header from the stages marked so far. */
export function sendStages(res: Response): void {
  const stages = res.locals.stages as Stages | undefined;
  if (stages && stages.parts.length > 0) res.setHeader('Server-Timing', stages.parts.join(', '));
}
