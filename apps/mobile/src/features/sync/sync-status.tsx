/** Placeholder: the offline queue's status line (readings waiting to be sent), shown by the layout. */
export function SyncStatus() {
  return null;
}
