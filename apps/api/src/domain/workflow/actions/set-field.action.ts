import { SET_FIELD_LABELS, type SetFieldField } from '@boardwalk/shared/schemas/workflow-action';
import { eq } from 'drizzle-orm';
import { merchants } from '../../../db/schema/merchants.ts';
import { defineAction } from '../action.ts';
import { recordActionChange } from '../merchant-change.ts';

/** The column value of a field's text ('' clears a nullable one). */
function columnValue(field: SetFieldField, value: string): string | null {
  if (field === 'riskLevel' || field === 'goLiveOn') return value === '' ? null : value;
  return value;
}

const shown = (value: string) => (value === '' ? 'empty' : `“${value}”`);

/** Sets one plain merchant field (never a sensitive one: SET_FIELD_FIELDS). */
export const setFieldAction = defineAction({
  type: 'set_field',
  effects: 'database',
  describe: async (context, config) => {
    const [row] = await context.db
      .select({ value: merchants[config.field] })
      .from(merchants)
      .where(eq(merchants.id, context.merchant.id));
    const current = (row?.value as string | null) ?? '';
    const same = current === config.value;
    return {
      ok: true,
      summary: same
        ? `${SET_FIELD_LABELS[config.field]} is already ${shown(config.value)}: nothing would change`
        : `Would set ${SET_FIELD_LABELS[config.field]} from ${shown(current)} to ${shown(config.value)}`,
      details: { field: config.field, from: current, to: config.value },
    };
  },
  run: async (context, config) => {
    const [row] = await context.db
      .select({ value: merchants[config.field] })
      .from(merchants)
      .where(eq(merchants.id, context.merchant.id));
    const from = (row?.value as string | null) ?? null;
    const to = columnValue(config.field, config.value);
    if (from === to) return { field: config.field, changed: false };
    await context.db
      .update(merchants)
      .set({ [config.field]: to, updatedAt: context.now })
      .where(eq(merchants.id, context.merchant.id));
    await recordActionChange(context, {
      type: 'updated',
      data: { changes: { [config.field]: { from, to } } },
      fields: [config.field],
      audit: 'update',
      changes: { [config.field]: { from, to } },
    });
    return { field: config.field, changed: true, from, to };
  },
});
