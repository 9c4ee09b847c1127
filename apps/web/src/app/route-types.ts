import type { Permission } from '@boardwalk/shared/ability';
import type { ComponentType } from 'react';

export type PageComponent = ComponentType;

/** One page of the app. The route table (route-table.tsx) is a plain list of these. */
export type RouteEntry = {
  /** React Router path ('/user/view/:id', '*'). */
  path: string;
  /** Loads the page component; called on first visit, so each page is its own chunk. */
  page: () => Promise<PageComponent>;
  /** What the user must be allowed to do to see the page. Default: manage all. */
  ability?: Permission;
  /** Signed-in users are sent away (to returnUrl, else /). No permission check. */
  guestOnly?: boolean;
  /** Anyone may see it, signed in or not; no permission check (/, /404, /500). */
  public?: boolean;
  /** Never shown: sends a signed-in user to their first page (lib/start-page.ts), others to /. */
  start?: boolean;
  /** 'vertical' (default): inside the menu + top bar shell. 'blank': a bare full page. */
  layout?: 'vertical' | 'blank';
};

/** Turns a module's named export into a page loader: lazyPage(() => import('./x.tsx'), 'XPage'). */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): () => Promise<PageComponent> {
  return () => load().then((module) => module[name] as PageComponent);
}

/** A page that is in the first bundle anyway (the 401 and 500 pages). */
export function eagerPage(component: PageComponent): () => Promise<PageComponent> {
  return () => Promise.resolve(component);
}
