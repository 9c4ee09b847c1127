import { useCallback } from 'react';
import { useDispatch, useStore } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Merchant } from '@boardwalk/shared/schemas/merchant';
import type { Pipeline, Stage } from '@boardwalk/shared/schemas/stage';
import { notifyError, notifySuccess } from '../../../components/form/notify.ts';
import { api } from '../../../lib/api.ts';
import { errorMessage, errorStatus } from '../../../lib/problem.ts';
import { MERCHANT_LIST_TAG, merchantListApi, type MerchantListArg } from '../../../entities/merchants/list-api.ts';
import { useChangeMerchantStageMutation } from '../../../entities/merchants/list-api.ts';

type ApiState = { [api.reducerPath]: ReturnType<typeof api.reducer> };
type Patch = { undo: () => void };

/**
 * Moves a card to another stage column at once, then asks the server: the card leaves its column
 * and heads the new one in every cached page of this board (totals adjusted), and goes back where
 * it was if the server refuses, with a toast saying why (a 409: someone changed it meanwhile).
 */
export function useStageMove(pipeline: Pipeline) {
  const dispatch = useDispatch<ThunkDispatch<ApiState, unknown, UnknownAction>>();
  const store = useStore<ApiState>();
  const [moveStage] = useChangeMerchantStageMutation();

  return useCallback(
    async (merchant: Merchant, to: Stage, reason?: { reasonCodeId: string; note: string }): Promise<boolean> => {
      if (merchant.stageId === to.id) return false;
      const from = merchant.stageId;
      const moved: Merchant = {
        ...merchant,
        stageId: to.id,
        stage: { id: to.id, name: to.name, pipeline: to.pipeline, color: to.color, slaHours: to.slaHours },
        stageEnteredAt: new Date().toISOString(),
      };
      const cached: MerchantListArg[] = merchantListApi.util.selectCachedArgsForQuery(
        store.getState(),
        'listMerchants',
      );
      const patches: Patch[] = [];
      for (const arg of cached) {
        if (arg.view !== pipeline) continue;
        const { stageId, page } = arg.params;
        if (stageId === from) {
          patches.push(
            dispatch(
              merchantListApi.util.updateQueryData('listMerchants', arg, (draft) => {
                draft.merchants = draft.merchants.filter((m) => m.id !== merchant.id);
                draft.total = Math.max(0, draft.total - 1);
              }),
            ),
          );
        } else if (stageId === to.id) {
          patches.push(
            dispatch(
              merchantListApi.util.updateQueryData('listMerchants', arg, (draft) => {
                if (Number(page ?? 0) === 0) draft.merchants.unshift(moved);
                draft.total += 1;
              }),
            ),
          );
        }
      }
      try {
        await moveStage({
          id: merchant.id,
          stageId: to.id,
          updatedAt: merchant.updatedAt,
          ...(reason ? { reasonCodeId: reason.reasonCodeId, ...(reason.note ? { note: reason.note } : {}) } : {}),
        }).unwrap();
        notifySuccess(`${merchant.dbaName} moved to ${to.name}`);
        return true;
      } catch (error) {
        for (const patch of patches.reverse()) patch.undo();
        if (errorStatus(error) === 409) {
          notifyError(
            `${merchant.dbaName} was not moved: someone else changed it meanwhile. The board now shows it as it is.`,
          );
          dispatch(api.util.invalidateTags([MERCHANT_LIST_TAG]));
        } else {
          notifyError(`${merchant.dbaName} was not moved. ${errorMessage(error)}`);
        }
        return false;
      }
    },
    [dispatch, store, moveStage, pipeline],
  );
}
