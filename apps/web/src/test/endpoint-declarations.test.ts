import { describe, expect, it } from 'vitest';
import { appSources, filesMatching } from './app-sources.ts';
import { collectEndpointDeclarations, duplicateDeclarations } from './endpoint-declarations.ts';

const loaders = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./**']);
const declaringFiles = filesMatching(appSources, /\.injectEndpoints\(\{/);

/**
 * Declarations that may share a method and path, each list exact (a third one still fails): two
 * routes the API tells apart by the value: /api/merchants/{pipeline} lists a pipeline,
 * /api/merchants/{id} reads one merchant.
 */
const ALLOWED: Record<string, string[]> = {
  'GET /api/merchants/:param': [
    'entities/merchants/list-api.ts listMerchants',
    'entities/merchants/api.ts getMerchant',
  ],
};

/** Each request of the API has one RTK Query endpoint, hence one cache (decision 079). */
describe('RTK Query endpoint declarations', () => {
  it('declare each method and path once', async () => {
    const modules = Object.fromEntries(declaringFiles.map((file) => [file, loaders[`../${file}`]!]));
    const declarations = await collectEndpointDeclarations(modules);
    // Every declaring module was read, and a declaration's request was made out of it.
    expect(new Set(declarations.map((d) => d.file))).toEqual(new Set(declaringFiles));
    expect(declarations.filter((d) => !d.path.startsWith('/'))).toEqual([]);
    const duplicates = duplicateDeclarations(declarations);
    const unexpected = Object.entries(duplicates).filter(
      ([request, where]) => JSON.stringify([...where].sort()) !== JSON.stringify([...(ALLOWED[request] ?? [])].sort()),
    );
    expect(Object.fromEntries(unexpected)).toEqual({});
  });
});
