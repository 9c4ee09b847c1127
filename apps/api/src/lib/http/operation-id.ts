/**
 * A stable operationId for every operation, derived in one place from its method and path
 * (decision 083), so generated clients get names like `merchants.list` without each route
 * spelling one out. A route may still set `operationId` in its definition; that one wins.
 *
 * The path's fixed segments after /api (or /apps), camelCased, then the verb:
 * - a path ending in a parameter: get, update (PATCH), replace (PUT), delete;
 * - a path that also answers GET: list (GET answering rows) or get (one thing: a report, the
 *   settings), create (POST), update, replace, deleteAll (DELETE);
 * - any other path names an action itself (POST /api/merchants/{id}/restore → merchants.restore),
 *   with the verb after it for a method other than POST.
 */
export function deriveOperationId(
  method: string,
  path: string,
  pathMethods: readonly string[],
  answersRows: boolean,
): string {
  const segments = path.split('/').filter((s) => s !== '');
  if (segments[0] === 'api' || segments[0] === 'apps') segments.shift();
  const names = segments.filter((s) => !s.startsWith('{')).map(camelCase);
  const verb = segments.at(-1)?.startsWith('{')
    ? ITEM_VERBS[method]
    : pathMethods.includes('get')
      ? method === 'get'
        ? answersRows
          ? 'list'
          : 'get'
        : COLLECTION_VERBS[method]
      : method === 'post'
        ? null
        : ITEM_VERBS[method];
  return [...names, ...(verb ? [verb] : [])].join('.');
}

const ITEM_VERBS: Record<string, string> = {
  get: 'get',
  patch: 'update',
  put: 'replace',
  delete: 'delete',
  post: 'post',
};
const COLLECTION_VERBS: Record<string, string> = {
  post: 'create',
  patch: 'update',
  put: 'replace',
  delete: 'deleteAll',
};

/** `lead-sources` → `leadSources`, `export.csv` → `exportCsv`. */
function camelCase(segment: string): string {
  return segment.replace(/[-._]+([a-z0-9])/gi, (_, ch: string) => ch.toUpperCase());
}
