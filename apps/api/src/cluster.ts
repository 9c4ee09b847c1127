/**
 * Several API processes on one port, for PostgreSQL deployments (decision 027):
 *
 *   DATABASE_URL=postgres://… node apps/api/src/cluster.ts --workers 2     (npm run start:cluster -- --workers 2)
 *
 * One Node process spends about 3–5 ms of CPU on a merchant list page, so a single process cannot
 * use more than one core. The primary forks N processes of main.ts that share the listening
 * socket (node:cluster). The first one migrates the database and runs the job workers; the others
 * start after it listens, with JOB_WORKERS=false. A process that dies is started again. PGlite
 * (no DATABASE_URL) holds its data directory for one process: there the cluster refuses to start.
 * Sessions are checked through a per-process cache: a session ended in one process stops working
 * in the others within SESSION_CACHE_MS (2 s by default).
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { withApiNodeFlags } from './api-node-flags.ts';
import { ConfigError, loadConfig } from './config.ts';

if (cluster.isPrimary) {
  const { values } = parseArgs({ options: { workers: { type: 'string', default: String(availableParallelism()) } } });
  const workers = Number(values.workers);
  try {
    if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
      throw new ConfigError('--workers must be a whole number from 1 to 64.');
    }
    if (!loadConfig().databaseUrl) {
      throw new ConfigError('The cluster needs PostgreSQL (DATABASE_URL): the embedded database serves one process.');
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }

  // The processes run with the API's V8 flags whether or not this one was started with them.
  cluster.setupPrimary({ execArgv: withApiNodeFlags(process.execArgv) });
  const stopping = { now: false };
  const fork = (first: boolean) => {
    const worker = cluster.fork(first ? {} : { JOB_WORKERS: 'false' });
    worker.on('exit', (code, signal) => {
      if (stopping.now) return;
      console.error(`API process ${worker.process.pid} ended (${signal ?? code}); starting another`);
      setTimeout(() => fork(first), 1000);
    });
    return worker;
  };
  // The first process migrates; the others start when it listens, so two never migrate at once.
  fork(true).once('listening', () => {
    for (let i = 1; i < workers; i++) fork(false);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      stopping.now = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill(signal);
    });
  }
} else {
  await import('./main.ts');
}
