import type { ComponentType } from 'react';
import { PIPELINES, type Pipeline } from '@boardwalk/shared/pipelines';
import { MerchantBoardPage } from './merchant-board-page.tsx';

/** One page component per pipeline (the route table makes /merchant/{pipeline}/board of each). */
export const MERCHANT_BOARD_PAGES = Object.fromEntries(
  PIPELINES.map((pipeline): [string, ComponentType] => {
    const Page = () => <MerchantBoardPage pipeline={pipeline} />;
    // Named for its path, as every page is (/merchant/sales/board → MerchantSalesBoardPage).
    Page.displayName = `Merchant${pipeline[0]!.toUpperCase()}${pipeline.slice(1)}BoardPage`;
    return [pipeline, Page];
  }),
) as Record<Pipeline, ComponentType>;
