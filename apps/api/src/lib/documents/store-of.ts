import { resolve } from 'node:path';
import type { Config } from '../../config.ts';
import type { DocumentStore } from './document-store.ts';
import { fileSystemStore } from './file-system-store.ts';

const stores = new Map<string, DocumentStore>();

/** The document store the configuration names (one per directory, made on first use). */
export function documentStoreOf(config: Pick<Config, 'documentsDir'>): DocumentStore {
  const root = resolve(config.documentsDir);
  let store = stores.get(root);
  if (!store) {
    store = fileSystemStore(root);
    stores.set(root, store);
  }
  return store;
}
