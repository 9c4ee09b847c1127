import { TRIGGER_TYPE_LABELS, type Automation } from '@boardwalk/shared/schemas/automation';
import { fieldLabel } from './labels.ts';

/** The trigger in a few words for the list ("Stage changes to Approved"). */
export function triggerSummary(trigger: Automation['trigger'], stageName: (id: string) => string | undefined): string {
  const stage = (id: string | null | undefined) => (id ? (stageName(id) ?? 'a stage') : 'any stage');
  switch (trigger.type) {
    case 'merchant_created':
    case 'application_submitted':
    case 'application_signed':
      return TRIGGER_TYPE_LABELS[trigger.type];
    case 'stage_changed':
      return `Stage changes from ${stage(trigger.fromStageId)} to ${stage(trigger.toStageId)}`;
    case 'fields_updated':
      return `${TRIGGER_TYPE_LABELS.fields_updated}: ${trigger.fields.map(fieldLabel).join(', ')}`;
    case 'time_in_stage':
      return `In ${stage(trigger.stageId)} for ${trigger.hours} h`;
    case 'schedule':
      return `${TRIGGER_TYPE_LABELS.schedule}: ${trigger.cron}`;
  }
}
