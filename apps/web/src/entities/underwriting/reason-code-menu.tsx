import {
  REASON_CODE_KIND_LABELS,
  REASON_CODE_KINDS,
  type ReasonCodeKind,
} from '@boardwalk/shared/schemas/underwriting';
import { ListSubheader, MenuItem } from '@mui/material';
import { useReasonCodeOptionsQuery } from './api.ts';

/**
 * The menu of a reason picker: the active codes of the kinds given, each kind under its heading
 * (the stage and bulk decision dialogs take every kind, a scorecard's automatic decision a few).
 */
export function useReasonCodeMenuItems(kinds: readonly ReasonCodeKind[] = REASON_CODE_KINDS) {
  const { data: codes = [] } = useReasonCodeOptionsQuery();
  return kinds.flatMap((kind) => {
    const inKind = codes.filter((c) => c.kind === kind && c.isActive && c.deletedAt === null);
    if (inKind.length === 0) return [];
    return [
      <ListSubheader key={`kind-${kind}`}>{REASON_CODE_KIND_LABELS[kind]}</ListSubheader>,
      ...inKind.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.code} · {c.label}
        </MenuItem>
      )),
    ];
  });
}
