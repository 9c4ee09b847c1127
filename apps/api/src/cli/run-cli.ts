import { restrictNewFiles } from '../db/private-files.ts';

/**
 * Runs a command of `npm run …` (user:create, backup, restore): from the directory the command
 * was typed in, exiting with main's code, or 1 after printing an expected error's message
 * (anything else with its stack).
 */
export function runCli(main: () => Promise<number>, isExpected: (error: unknown) => error is Error): void {
  // What a command writes into DATA_DIR (a restore, the generated secrets, PGlite) is the owner's alone.
  restrictNewFiles();
  // npm runs workspace scripts inside the workspace; relative paths (DATA_DIR, --out) must mean
  // what they mean where the command was typed.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(isExpected(error) ? error.message : error);
      process.exit(1);
    },
  );
}
