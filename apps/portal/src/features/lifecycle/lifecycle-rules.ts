import type { TDeactivationRequest } from '@carewatch/contracts/lifecycle';

/** The deactivation requests screen's pure rules: the status filter, each status's colour and the actions a request offers. */

export type DeactivationStatus = TDeactivationRequest['status'];
export const DEACTIVATION_STATUSES: readonly DeactivationStatus[] = ['pending', 'approved', 'rejected'];

/** The filter's value as chosen: a status, or '' for all (anything unknown reads as all). */
export const statusFilter = (v: string): DeactivationStatus | '' => DEACTIVATION_STATUSES.find((s) => s === v) ?? '';

/** Pending yellow, approved (the account is deactivated) red, rejected grey. */
export const deactivationColor = (s: DeactivationStatus): 'yellow' | 'red' | 'gray' =>
  s === 'pending' ? 'yellow' : s === 'approved' ? 'red' : 'gray';

/** Only a pending request is approved or rejected. */
export const canDecide = (s: DeactivationStatus): boolean => s === 'pending';
