import type { API_TAG_TYPES } from '../../lib/api.ts';
import { useAppAbility } from '../../lib/ability.tsx';
import type { ListQueryParams } from './list-url-state.ts';

/**
 * Endpoint definitions shared by every admin entity, so each feature's api.ts only
 * names its endpoints. Lists provide a LIST tag that every create, update and delete invalidates:
 * RTK Query then refetches each list on screen with its last-used params. A failed
 * mutation changes nothing, so it invalidates nothing.
 */
export type ApiTag = (typeof API_TAG_TYPES)[number];
export type WithId = { id: string };
export type ListResult<K extends string, R> = { [P in K]: R[] } & {
  total: number;
  params: Record<string, unknown>;
  allData: R[];
};
/**
 * PATCH body: the record's own id (DESIGN fixes the SPEC's undefined-id defect), the updatedAt
 * it was read with (the API answers 428 without one, 409 when it is stale) and its changes.
 */
export type UpdateArg<P> = P & { id: string; updatedAt: string };

const listTag = <T extends ApiTag>(type: T) => ({ type, id: 'LIST' as const });

export function listEndpoint<T extends ApiTag, K extends string, R extends WithId>(path: string, type: T, key: K) {
  return {
    query: (params: ListQueryParams) => ({ url: path, params }),
    providesTags: (result: ListResult<K, R> | undefined) => [
      listTag(type),
      ...(result?.[key] ?? []).map((row) => ({ type, id: row.id })),
    ],
  };
}

/** The list request that asks for every row the caller may see (`allData`, filled only when asked). */
export const ALL_DATA_PARAMS = { pageSize: 1, allData: 'true' } satisfies ListQueryParams;

type AllDataResult = { data?: { allData?: unknown[] } | undefined };

/**
 * The pickers' hook of a bounded resource, made from its list endpoint's hook: the list request
 * with ALL_DATA_PARAMS, so every picker shares one cache entry that the list's tags refresh, and
 * the resource's path is declared once (entities/<resource>/api.ts).
 */
export function allDataQuery<Q extends AllDataResult>(
  useList: (params: ListQueryParams, options?: { skip?: boolean }) => Q,
  subject?: string,
) {
  return function useAllData(): Omit<Q, 'data'> & { data: NonNullable<Q['data']>['allData'] } {
    // A picker of a subject the user may not read asks nothing (an agent's company picker, say:
    // docs/decisions/117) rather than a request the API refuses; its options stay empty.
    const ability = useAppAbility();
    const readable = subject === undefined || ability.can('read', subject);
    const { data, ...rest } = useList(ALL_DATA_PARAMS, { skip: !readable });
    return { ...rest, data: data?.allData };
  };
}

/**
 * Every row the caller may see (`allData`, which the API fills only when asked), for pickers of
 * bounded entities: one small request, shared by all pickers.
 */
export function allDataEndpoint<T extends ApiTag, K extends string, R extends WithId>(path: string, type: T) {
  return {
    query: () => ({ url: path, params: { pageSize: 1, allData: 'true' } }),
    transformResponse: (response: ListResult<K, R>) => response.allData,
    providesTags: () => [listTag(type)],
  };
}

/** A picker's options route (`{ options }`), filtered on the server by `params`. */
export function optionsEndpoint<T extends ApiTag, R extends WithId>(path: string, type: T, params: ListQueryParams) {
  return {
    query: () => ({ url: path, params }),
    transformResponse: (response: { options: R[] }) => response.options,
    providesTags: () => [listTag(type)],
  };
}

export function getEndpoint<T extends ApiTag>(path: string, type: T) {
  return {
    query: (id: string) => `${path}/${encodeURIComponent(id)}`,
    providesTags: (_result: unknown, _error: unknown, id: string) => [{ type, id }],
  };
}

export function createEndpoint<T extends ApiTag, Input>(path: string, type: T) {
  return {
    query: (data: Input) => ({ url: path, method: 'POST', body: { data } }),
    invalidatesTags: (_result: unknown, error: unknown) => (error ? [] : [listTag(type)]),
  };
}

export function updateEndpoint<T extends ApiTag, Patch>(path: string, type: T) {
  return {
    query: (record: UpdateArg<Patch>) => ({
      url: `${path}/${encodeURIComponent(record.id)}`,
      method: 'PATCH',
      body: record,
    }),
    invalidatesTags: (_result: unknown, error: unknown, record: UpdateArg<Patch>) =>
      error ? [] : [listTag(type), { type, id: record.id }],
  };
}

export function deleteEndpoint<T extends ApiTag>(path: string, type: T) {
  return {
    query: (id: string) => ({ url: `${path}/${encodeURIComponent(id)}`, method: 'DELETE' }),
    invalidatesTags: (_result: unknown, error: unknown, id: string) => (error ? [] : [listTag(type), { type, id }]),
  };
}
