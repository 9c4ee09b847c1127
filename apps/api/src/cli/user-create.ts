import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@boardwalk/shared';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createLogger } from '../lib/logger.ts';
import { createUserAccount, UserCreateError } from './create-user-account.ts';
import { readPassword } from './read-password.ts';
import { runCli } from './run-cli.ts';

const USAGE = `Usage: npm run user:create -- --email <email> [--role ${ROLES.join('|')}] [--first-name <name>] [--last-name <name>]
The password is read from stdin when piped (echo "…" | npm run user:create -- …), otherwise prompted for.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string', default: 'ROLE_SUPERADMIN' },
      'first-name': { type: 'string', default: '' },
      'last-name': { type: 'string', default: '' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.email) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (!(ROLES as readonly string[]).includes(values.role)) {
    console.error(`Unknown role ${values.role}. One of: ${ROLES.join(', ')}`);
    return 2;
  }
  const password = await readPassword();

  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, logger: createLogger(config.logLevel) }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const user = await createUserAccount(database.db, {
      email: values.email,
      role: values.role as Role,
      firstName: values['first-name'],
      lastName: values['last-name'],
      password,
    });
    console.log(`Created ${user.role} ${user.email} (${user.id}).`);
    return 0;
  } catch (error) {
    if (error instanceof UserCreateError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runCli(main, (error): error is Error => error instanceof Error);
