import { CONDITION_FIELDS } from '@boardwalk/shared/schemas/automation';

/** "monthlyVolume" → "Monthly volume", "sole_proprietor" → "Sole proprietor". */
export function humanize(name: string): string {
  const words = name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A merchant field's label: the condition list's when it has one. */
export function fieldLabel(field: string): string {
  return field in CONDITION_FIELDS ? CONDITION_FIELDS[field as keyof typeof CONDITION_FIELDS].label : humanize(field);
}
