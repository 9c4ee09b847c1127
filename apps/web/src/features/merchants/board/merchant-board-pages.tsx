import type { ComponentType } from 'react';
import type { Pipeline } from '@boardwalk/shared/schemas/stage';
import { MerchantBoardPage } from './merchant-board-page.tsx';

/** One page per address (the route table names each after its path: /merchant/sales/board → MerchantSalesBoardPage). */
function boardPage(pipeline: Pipeline, name: string): ComponentType {
  const Page = () => <MerchantBoardPage pipeline={pipeline} />;
  Page.displayName = name;
  return Page;
}

export const MerchantSalesBoardPage = boardPage('sales', 'MerchantSalesBoardPage');
export const MerchantUnderwritingBoardPage = boardPage('underwriting', 'MerchantUnderwritingBoardPage');
export const MerchantOperationsBoardPage = boardPage('operations', 'MerchantOperationsBoardPage');
export const MerchantWithdrawnBoardPage = boardPage('withdrawn', 'MerchantWithdrawnBoardPage');
export const MerchantTerminatedBoardPage = boardPage('terminated', 'MerchantTerminatedBoardPage');
export const MerchantDeadBoardPage = boardPage('dead', 'MerchantDeadBoardPage');
