import { accessStatuses } from '@fj/contract/locations';

export type AccessStatus = (typeof accessStatuses)[number];

/** May one forage there? Worded for a quick glance in the field. */
export const ACCESS_LABELS: Record<AccessStatus, string> = {
  open: 'Open — foraging allowed',
  ask: 'Ask the owner first',
  closed: 'Closed — no access',
  'no-foraging': 'No foraging allowed',
};

export const ACCESS_STATUSES = accessStatuses;

export const isAccessStatus = (value: string): value is AccessStatus =>
  (accessStatuses as readonly string[]).includes(value);
