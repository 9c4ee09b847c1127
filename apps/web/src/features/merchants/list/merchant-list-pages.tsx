import type { ComponentType } from 'react';
import { MERCHANT_VIEWS, type MerchantView } from '@boardwalk/shared/pipelines';
import { MerchantListPage } from './merchant-list-page.tsx';

/**
 * One page component per view (the route table makes /merchant/{view} of each): a move to
 * another view mounts a new page, with its own URL state, rather than re-rendering this one.
 */
export const MERCHANT_LIST_PAGES = Object.fromEntries(
  MERCHANT_VIEWS.map((view): [string, ComponentType] => {
    const Page = () => <MerchantListPage view={view} />;
    // Named for its path, as every page is (/merchant/sales → MerchantSalesPage).
    Page.displayName = `Merchant${view[0]!.toUpperCase()}${view.slice(1)}Page`;
    return [view, Page];
  }),
) as Record<MerchantView, ComponentType>;
