import type { ComponentType } from 'react';
import type { MerchantView } from '@boardwalk/shared/schemas/merchant';
import { MerchantListPage } from './merchant-list-page.tsx';

/** One page per address (the route table names each after its path: /merchant/sales → MerchantSalesPage). */
function listPage(view: MerchantView, name: string): ComponentType {
  const Page = () => <MerchantListPage view={view} />;
  Page.displayName = name;
  return Page;
}

export const MerchantSalesPage = listPage('sales', 'MerchantSalesPage');
export const MerchantUnderwritingPage = listPage('underwriting', 'MerchantUnderwritingPage');
export const MerchantOperationsPage = listPage('operations', 'MerchantOperationsPage');
export const MerchantWithdrawnPage = listPage('withdrawn', 'MerchantWithdrawnPage');
export const MerchantTerminatedPage = listPage('terminated', 'MerchantTerminatedPage');
export const MerchantDeadPage = listPage('dead', 'MerchantDeadPage');
export const MerchantAllPage = listPage('all', 'MerchantAllPage');
