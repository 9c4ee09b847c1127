import type { MerchantBulkResult } from '@boardwalk/shared/schemas/merchant';

/**
 * One line from a bulk answer's per-id outcomes: "12 updated, 1 unchanged, 1 failed: Acme (This
 * stage is inactive)". Failed merchants are named when the list knows them.
 */
export function bulkSummary(result: MerchantBulkResult, nameOf: (id: string) => string | undefined): string {
  const count = (outcome: string) => result.results.filter((r) => r.outcome === outcome).length;
  const parts = [`${count('updated')} updated`];
  if (count('unchanged') > 0) parts.push(`${count('unchanged')} unchanged`);
  const failed = result.results.filter((r) => r.outcome === 'failed');
  if (failed.length === 0) return parts.join(', ');
  const reasons = failed.map((f) => {
    const name = nameOf(f.id) ?? 'A merchant';
    return f.detail ? `${name} (${f.detail})` : name;
  });
  return `${parts.join(', ')}, ${failed.length} failed: ${reasons.join('; ')}`;
}
