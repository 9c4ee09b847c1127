import type { ActionType } from '@boardwalk/shared/schemas/workflow-action';
import type { StoredActionResult, StoredAutomationAction } from '../../db/schema/automations.ts';
import { summarizeAction } from './action-config.ts';
import type { DomainEvent } from './domain-event.ts';

/** Every action pending, with its summary (what the detail shows before a run). */
export function initialResults(actions: StoredAutomationAction[]): StoredActionResult[] {
  return actions.map((a, position) => ({
    position,
    type: a.type,
    summary: summarizeAction(a.type as ActionType, a.config),
    status: 'pending',
    result: null,
    error: null,
    startedAt: null,
    finishedAt: null,
  }));
}

/** An event's chain depth: 0 for a person's change. */
export function depthOf(event: DomainEvent): number {
  const depth = event.payload.depth;
  return typeof depth === 'number' && Number.isInteger(depth) && depth >= 0 ? depth : 0;
}
