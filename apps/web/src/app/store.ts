import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../lib/api.ts';

/** A fresh store (tests make their own). The central data slices live in the RTK Query cache. */
export function makeStore() {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    // The only reducer is RTK Query's own, which never mutates or stores non-serialisable values;
    // the development checks walked its whole cache (every list answer) after each action.
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ immutableCheck: false, serializableCheck: false }).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
