import type { Context } from 'hono';
import type { JobSender } from './job-sender.ts';
import type { AppEnv } from '../context.ts';
import { documentedProblem } from '../http/openapi.ts';
import { ProblemError } from '../problem.ts';

export const JOB_ENGINE_ABSENT = 'The job engine is not running in this process.';

/** The 503 of a route that sends a job, documented once. */
export const jobEngineAbsent = { 503: documentedProblem(JOB_ENGINE_ABSENT) };

/** The engine's sender, or a 503 when this process runs none (the round's workflow split). */
export function requireJobSender(jobs: JobSender | undefined): JobSender {
  if (!jobs) throw new ProblemError(503, JOB_ENGINE_ABSENT);
  return jobs;
}

/** The sender as the route has it; services call requireJobSender once the record is found (404 first). */
export function jobSenderOf(c: Context<AppEnv>): JobSender | undefined {
  return c.get('deps').jobs;
}
