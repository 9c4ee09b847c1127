import { parseArgs } from 'node:util';
import pg from 'pg';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedBenchMerchants } from '../db/seed/bench-merchants.ts';
import { createLogger } from '../lib/logger.ts';
import { runCli } from './run-cli.ts';

const USAGE = `Usage: DATABASE_URL=postgres://… AUTH_SECRET=… ENCRYPTION_KEY=… npm run seed:bench -- [--merchants 1000000]
Migrates the database, then fills it with reference data and merchants for the benchmarks (bench/README.md).
The database must hold no merchants yet, and the role must be a superuser (the load runs in replica mode).`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { merchants: { type: 'string', default: '1000000' }, help: { type: 'boolean', short: 'h' } },
  });
  const merchants = Number(values.merchants);
  if (values.help || !Number.isInteger(merchants) || merchants < 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const url = config.databaseUrl;
  if (!url) {
    console.error(`seed:bench needs a PostgreSQL database in DATABASE_URL.\n${USAGE}`);
    return 2;
  }
  const database = await openDatabase({ kind: 'postgres', url, logger: createLogger(config.logLevel) });
  // Three: two load the merchants (a core each); then all three take the rollup fills and the
  // index builds from one queue (decision 062).
  const clients = [1, 2, 3].map(() => new pg.Client({ connectionString: url }));
  const t0 = performance.now();
  try {
    await database.migrate();
    await Promise.all(clients.map((c) => c.connect()));
    const [client, ...moreClients] = clients;
    await seedBenchMerchants(client!, moreClients, { merchants, log: (line) => console.log(line) });
    console.log(
      `seed:bench: ${merchants.toLocaleString('en')} merchants in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    return 0;
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
    await database.close();
  }
}

runCli(main, (error): error is Error => error instanceof ConfigError);
