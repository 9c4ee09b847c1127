import { ProblemError } from '../problem.ts';

/**
 * The optimistic-concurrency rule of every PATCH of a record (CRUD entities and users), checked
 * once the row is locked, so an unknown id is still a 404: the body names the updatedAt it was
 * based on. Without it the update would overwrite blindly (428 `precondition_required`); an
 * older one than the stored row's is stale (409 `stale_update`).
 */
export function assertCurrentVersion(sent: string | Date | undefined, stored: Date, staleDetail: string): void {
  if (sent === undefined) {
    const message = 'Send the updatedAt you last read, so that changes made meanwhile are not overwritten';
    throw new ProblemError(428, message, { code: 'precondition_required', errors: { updatedAt: [message] } });
  }
  if (new Date(sent).getTime() < stored.getTime()) {
    throw new ProblemError(409, staleDetail, { code: 'stale_update' });
  }
}
