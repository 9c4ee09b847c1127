import type { MerchantEvent } from '@boardwalk/shared/schemas/merchant';
import { PIPELINE_LABELS } from '@boardwalk/shared/schemas/stage';
import { fieldLabel, valueText } from './merchant-labels.ts';

/** One timeline entry in words: "Ada Admin moved it from Sales · New to Underwriting · Review". */
export function eventSentence(event: MerchantEvent): string {
  const who = event.actor?.name ?? (event.data.by === 'applicant' ? 'The merchant' : 'The system');
  const d = event.data;
  const stage = (s: typeof d.toStage) => (s ? `${PIPELINE_LABELS[s.pipeline]} · ${s.name}` : 'a stage');
  switch (event.type) {
    case 'created':
      return `${who} added the merchant`;
    case 'updated':
      return `${who} changed ${changedFields(event) || 'the merchant'}`;
    case 'stage_changed':
      return d.fromStage
        ? `${who} moved it from ${stage(d.fromStage)} to ${stage(d.toStage)}`
        : `${who} moved it to ${stage(d.toStage)}`;
    case 'assigned':
      return `${who} changed the assignee`;
    case 'owner_added':
      return `${who} added the owner ${d.ownerName ?? ''}`.trim();
    case 'owner_updated':
      return `${who} changed the owner ${d.ownerName ?? ''}`.trim();
    case 'owner_removed':
      return `${who} removed the owner ${d.ownerName ?? ''}`.trim();
    case 'note_added':
      return `${who} added a note`;
    case 'note_updated':
      return `${who} edited a note`;
    case 'note_removed':
      return `${who} removed a note`;
    case 'document_added':
      return `${who} uploaded ${d.fileName ?? 'a document'}`;
    case 'document_removed':
      return `${who} removed ${d.fileName ?? 'a document'}`;
    case 'deleted':
      return `${who} deleted the merchant`;
    case 'restored':
      return `${who} restored the merchant`;
    case 'email': {
      const what = d.channel === 'sms' ? 'SMS' : 'Email';
      // Logged only: stored with no mail server (or SMS provider), it reached nobody (decision 082).
      const how =
        d.messageStatus === 'failed' ? 'not sent' : d.messageStatus === 'logged' ? 'logged only, not sent' : 'sent';
      return d.summary ? `${what} ${how}: ${d.summary}` : `${what} ${how}`;
    }
    case 'automation':
      return `Automation: ${d.summary ?? 'ran'}`;
    case 'todo':
      return `${who} ${d.summary ?? 'changed a todo'}`;
    case 'decision':
      return `${who} recorded the decision ${d.summary ?? ''}${d.note ? ` (${d.note})` : ''}`.trim();
    case 'match':
      return `${d.summary ?? 'Terminated-merchant match'}${d.note ? `: ${d.note}` : ''}`;
    case 'application':
      // Staff steps are verbs after the name; the merchant's steps are whole sentences.
      return event.actor ? `${who} ${d.summary ?? 'changed the application request'}` : (d.summary ?? 'Application');
  }
}

function changedFields(event: MerchantEvent): string {
  return Object.keys(event.data.changes ?? {})
    .map((field) => fieldLabel(field).toLowerCase())
    .join(', ');
}

/** The before → after lines of an event's changes ("Monthly volume: — → 25000"). */
export function changeLines(event: MerchantEvent): string[] {
  return Object.entries(event.data.changes ?? {}).map(
    ([field, { from, to }]) => `${fieldLabel(field)}: ${valueText(field, from)} → ${valueText(field, to)}`,
  );
}
