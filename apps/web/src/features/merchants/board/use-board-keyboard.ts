import { useState } from 'react';
import type { Merchant } from '@boardwalk/shared/schemas/merchant';
import type { Stage } from '@boardwalk/shared/schemas/stage';
import { useKeyboardDrag, type KeyboardDrag } from '../../../hooks/use-keyboard-drag.ts';

export type BoardKeyboard = {
  drag: KeyboardDrag<Merchant, string>;
  /** The stage column a keyboard-lifted card would drop on, when not its own. */
  targetStageId: string | undefined;
  /** A card dropped by keyboard lands in another column as a new element: its handle takes the focus back. */
  takesFocus: (merchant: Merchant) => boolean;
  focused: () => void;
};

/**
 * The board's drag handle keys (the shared useKeyboardDrag): Space lifts the card, Left and Right
 * choose the previous or next stage column at once, Space drops it there, Escape cancels.
 */
export function useBoardKeyboard(
  stages: readonly Stage[],
  onMove: (merchant: Merchant, to: Stage) => void,
  announce: (message: string) => void,
): BoardKeyboard {
  const [refocus, setRefocus] = useState<{ id: string; stageId: string }>();
  const stageName = (id: string) => stages.find((s) => s.id === id)?.name ?? 'its stage';
  const drag = useKeyboardDrag<Merchant, string>({
    axis: 'horizontal',
    idOf: (merchant) => merchant.id,
    start: (merchant) => merchant.stageId,
    step: (_merchant, stageId, by) => stages[stages.findIndex((s) => s.id === stageId) + by]?.id,
    drop: (merchant, stageId) => {
      const to = stages.find((s) => s.id === stageId);
      if (!to || to.id === merchant.stageId) return;
      setRefocus({ id: merchant.id, stageId: to.id });
      onMove(merchant, to);
    },
    say: {
      lifted: (merchant, stageId) =>
        `Picked up ${merchant.dbaName} in ${stageName(stageId)}. Left and Right arrow keys choose the stage, Space drops it, Escape cancels.`,
      moved: (merchant, stageId) => `${merchant.dbaName} is over ${stageName(stageId)}.`,
      dropped: (merchant, stageId) =>
        stageId === merchant.stageId
          ? `${merchant.dbaName} dropped where it was.`
          : `${merchant.dbaName} dropped on ${stageName(stageId)}.`,
      cancelled: (merchant) => `Move cancelled; ${merchant.dbaName} stays where it was.`,
    },
    announce,
  });
  const lifted = drag.lifted;
  return {
    drag,
    targetStageId: lifted && lifted.place !== lifted.item.stageId ? lifted.place : undefined,
    takesFocus: (merchant) => refocus?.id === merchant.id && refocus.stageId === merchant.stageId,
    focused: () => setRefocus(undefined),
  };
}
