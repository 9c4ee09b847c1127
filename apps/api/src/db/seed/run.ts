import { and, count, inArray, isNull } from 'drizzle-orm';
import { serverPasswordSchema } from '../../auth/password-policy.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/users.ts';
import { seedDemoAutomations } from './demo-automations.ts';
import { seedDemoDocuments } from './demo-documents.ts';
import { seedDemoMerchants } from './demo-merchants.ts';
import { seedDemoTodos } from './demo-todos.ts';
import { seedDemoStageActions } from './demo-stage-actions.ts';
import { seedReferenceData } from './reference-data.ts';
import { seedDemoUnderwriting } from './demo-underwriting.ts';
import { seedDemoSanctions } from './demo-sanctions.ts';
import { seedDemoApplications } from './demo-applications.ts';
import type { SigningCertificate } from '../../lib/signing-certificate.ts';
import { DEMO_SIGN_IN_EMAILS, randomDemoPassword, seedDemoUsers } from './users.ts';

/**
 * `encryptionKey` seals the demo's sensitive values as the API does (deps.secrets.encryptionKey);
 * `documentsDir`: where the demo documents go (the configuration's; none in tests that pass no config).
 * `serverSecret` (the links' secret) and `signing` (the portal's certificate): for the demo
 * application requests; without them (tests that pass no config) that hook seeds nothing.
 */
export type SeedContext = {
  now: Date;
  demo: boolean;
  encryptionKey: string;
  documentsDir?: string | undefined;
  serverSecret?: string | undefined;
  signing?: SigningCertificate | undefined;
};

type SeedConfig = Pick<Config, 'demoSeed' | 'demoPassword'> & { encryptionKey: string } & Partial<
    Pick<Config, 'documentsDir'>
  > & { serverSecret?: string | undefined; signing?: SigningCertificate | undefined };

export type SeedHook = { name: string; run: (db: Db, ctx: SeedContext) => Promise<void> };

/**
 * Seeds that run once, on the first start of an empty embedded database, after the demo
 * users (reference data such as stages, industries, templates...). Each gets the same
 * database; add yours to this list. Read-only: a test passes its own list to seedIfEmpty.
 */
export const seedHooks: readonly SeedHook[] = [
  { name: 'reference data', run: (db, ctx) => seedReferenceData(db, { now: ctx.now }) },
  { name: 'demo merchants', run: (db, ctx) => seedDemoMerchants(db, ctx) },
  // After the demo merchants: it documents some of them.
  { name: 'demo documents', run: (db, ctx) => seedDemoDocuments(db, ctx) },
  // After the demo merchants: some todos are linked to them.
  { name: 'demo todos', run: (db, ctx) => seedDemoTodos(db, ctx) },
  // After the demo merchants and templates: stage actions and their history.
  { name: 'demo stage actions', run: (db, ctx) => seedDemoStageActions(db, ctx) },
  // After the demo merchants and templates: automations, their runs replayed on the first start.
  { name: 'demo automations', run: (db, ctx) => seedDemoAutomations(db, ctx) },
  // After the stages: reason codes and the decision stages of the demo pipelines.
  { name: 'demo underwriting', run: (db, ctx) => seedDemoUnderwriting(db, ctx.now) },
  // After the demo merchants: the made-up sanctions list, and the portfolio screened against it.
  { name: 'demo sanctions', run: (db, ctx) => seedDemoSanctions(db, ctx) },
  // After the demo merchants and users: application requests in each state, one signed.
  { name: 'demo applications', run: (db, ctx) => seedDemoApplications(db, ctx) },
];

export type SeedReport =
  | { kind: 'none'; noUsers: boolean } // DATABASE_URL / DEMO_SEED=false: no demo users
  | { kind: 'first-start'; emails: string[]; password: string; passwordFromEnv: boolean }
  | { kind: 'later-start'; emails: string[] };

/** Demo users and seed hooks on the first start (no users yet) in demo mode; otherwise nothing. */
export async function seedIfEmpty(
  db: Db,
  config: SeedConfig,
  now = new Date(),
  hooks: readonly SeedHook[] = seedHooks,
): Promise<SeedReport> {
  const [row] = await db.select({ n: count() }).from(users);
  if (!config.demoSeed) return { kind: 'none', noUsers: (row?.n ?? 0) === 0 };
  if ((row?.n ?? 0) > 0) {
    const present = await db
      .select({ email: users.email })
      .from(users)
      .where(and(inArray(users.email, DEMO_SIGN_IN_EMAILS), isNull(users.deletedAt)));
    const emails = DEMO_SIGN_IN_EMAILS.filter((e) => present.some((p) => p.email === e));
    return { kind: 'later-start', emails };
  }
  const password = config.demoPassword || randomDemoPassword();
  await db.transaction(async (tx) => {
    await seedDemoUsers(tx, password, now, Boolean(config.demoPassword));
    for (const hook of hooks) {
      await hook.run(tx, {
        now,
        demo: true,
        encryptionKey: config.encryptionKey,
        documentsDir: config.documentsDir,
        serverSecret: config.serverSecret,
        signing: config.signing,
      });
    }
  });
  return { kind: 'first-start', emails: DEMO_SIGN_IN_EMAILS, password, passwordFromEnv: Boolean(config.demoPassword) };
}

/** The start-up lines for a person (stdout, not the JSON log). */
export function startBanner(report: SeedReport, url: string): string[] {
  const lines = ['', `  Boardwalk is running at ${url}`, ''];
  if (report.kind === 'none') {
    if (!report.noUsers) return lines;
    return [
      ...lines,
      '  No users yet. Create the first one:',
      '    npm run user:create -- --email you@example.com --role ROLE_SUPERADMIN',
      '',
    ];
  }
  if (report.emails.length === 0) return [...lines, '  (The demo users were removed.)', ''];
  lines.push('  Demo sign-ins:');
  for (const email of report.emails) lines.push(`    ${email}`);
  if (report.kind === 'first-start') {
    lines.push(`  Password for all of them: ${report.password}`);
    if (!report.passwordFromEnv)
      lines.push('  (Generated now and shown only this once: note it down, or start with DEMO_PASSWORD set.)');
    else if (!serverPasswordSchema().safeParse(report.password).success) {
      lines.push('  Note: DEMO_PASSWORD does not meet the password policy; it was used as given.');
    }
  } else {
    lines.push(
      '  Password: the one printed on the first start of this data directory (DEMO_PASSWORD, if it was set then).',
    );
  }
  lines.push('');
  return lines;
}
