/** Portal catalogue, domain "webhooks" (issue 19; English). */
export const webhooksEn = {
  nav: { list: 'Webhooks' },
  events: {
    alert_opened: 'Alert opened', alert_escalated: 'Alert escalated', alert_acknowledged: 'Alert acknowledged', alert_closed: 'Alert closed',
    sos_opened: 'SOS case opened', sos_closed: 'SOS case closed', patient_status_changed: 'Patient status changed', reading_rejected: 'Device reading rejected',
  },
  statuses: { pending: 'Pending', sending: 'Sending', delivered: 'Delivered', failed: 'Failed' },
  fields: { url: 'Endpoint URL', description: 'Description', events: 'Events', enabled: 'Enabled' },
  list: {
    title: 'Webhooks', subtitle: 'Other systems hear about alerts as they happen: signed HTTPS POSTs, retried until they are received.',
    new: 'Add endpoint', table: 'Webhook endpoints', empty: 'No webhook endpoint yet.', open: 'Open endpoint {{url}}', toggle: 'Enable endpoint {{url}}',
  },
  form: {
    title: 'Add webhook endpoint', urlHint: 'https:// and a public address', save: 'Add endpoint', created: 'Endpoint added',
  },
  secret: {
    title: 'Signing secret', label: 'Signing secret', copy: 'Copy', copied: 'Copied',
    once: 'Copy this secret now: it is shown only once. Use it to verify the CareWatch-Signature header of each delivery.',
  },
  detail: {
    title: 'Webhook endpoint', back: 'All webhooks', sendTest: 'Send test event', testQueued: 'Test event queued', rotate: 'Rotate secret',
    rotateConfirm: 'A new secret signs from now on. The current one keeps signing too (a second signature) for 24 hours, then stops.',
    delete: 'Delete endpoint', deleteConfirm: 'Delete this endpoint and its delivery log? Events are no longer sent to it.', deleted: 'Endpoint deleted',
    overlap: 'Secret rotation: the previous secret also signs until {{at}}.',
  },
  log: {
    title: 'Delivery log', table: 'Deliveries', empty: 'No delivery yet.', event: 'Event', status: 'Status', attempts: 'Attempts', nextRetry: 'Next retry',
    created: 'Created', actions: 'Actions', replay: 'Replay', replayOne: 'Replay {{event}} {{id}}', replayed: 'Event queued again',
    noAttempt: 'Not attempted yet', attempt: '#{{n}} {{at}} · {{status}} · {{ms}} ms',
  },
};
