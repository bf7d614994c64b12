/** Portal catalogue, domain "announcements" (English): composing announcements to a tenant and the sent list. */
export const announcementsEn = {
  nav: { announcements: 'Announcements' },
  title: 'Announcements',
  subtitle: 'Announcements reach every app user of the tenant in the app and by push notification.',
  compose: 'New announcement', composeTitle: 'Compose an announcement', tenant: 'Tenant', titleField: 'Title', message: 'Message',
  send: 'Send', cancel: 'Cancel', sentOk: 'Announcement sent: it is being delivered to every app user',
  table: 'Sent announcements', empty: 'No announcement has been sent yet.', total: '{{count}} announcements',
  createdAt: 'Sent at', createdBy: 'By', status: 'Status', recipients: 'Recipients', inApp: 'In app', push: 'Push',
  counts: '{{sent}} delivered · {{pending}} waiting · {{failed}} failed',
  statuses: { pending: 'Queued', sending: 'Sending', sent: 'Sent' },
  pagination: 'Pages', previousPage: 'Previous page', nextPage: 'Next page', firstPage: 'First page', lastPage: 'Last page', page: 'Page {{n}}',
};
