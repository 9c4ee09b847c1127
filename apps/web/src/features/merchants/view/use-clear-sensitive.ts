import type { MerchantDetail, MerchantSensitiveField } from '@boardwalk/shared/schemas/merchant';
import { notifyError, notifySuccess } from '../../../components/form/notify.ts';
import { errorMessage } from '../../../lib/problem.ts';
import { fieldLabel } from './merchant-labels.ts';
import { useUpdateMerchantMutation } from '../../../entities/merchants/api.ts';

/**
 * Removes a sensitive value: PATCH with an explicit null and the updatedAt read (a merchant
 * changed meanwhile is a 409, said in a toast). Throws when it fails, so the confirmation stays open.
 */
export function useClearSensitive(merchant: MerchantDetail) {
  const [update] = useUpdateMerchantMutation();
  return async (field: MerchantSensitiveField) => {
    try {
      await update({ id: merchant.id, updatedAt: merchant.updatedAt, [field]: null }).unwrap();
      notifySuccess(`${fieldLabel(field)} cleared`);
    } catch (error) {
      notifyError(errorMessage(error, `The ${fieldLabel(field).toLowerCase()} could not be cleared.`));
      throw error;
    }
  };
}
