/** Portal catalogue, domain "code packages" (issue 17; English). */
export const codePackagesEn = {
  nav: { list: 'Code packages' },
  types: { SERVICE_PACKAGE: 'Service package', COUPON: 'Coupon' },
  statuses: { not_paid: 'Not paid', paid: 'Paid', used: 'Used', locked: 'Locked' },
  fields: {
    name: 'Name', type: 'Type', totalCodes: 'Total codes', availableFrom: 'Availability date', expiresOn: 'Expiry', benefits: 'Benefits',
    totalVouchers: 'Total vouchers', recipientOrganization: 'Recipient organization', upgradePackageId: 'Upgrade package', upgradeMonths: 'Months granted',
    createdBy: 'Created by', createdAt: 'Created', seriesPrefix: 'Series',
  },
  list: {
    title: 'Code packages', subtitle: 'Batches of redemption codes for organizations; each code upgrades one app account once.', new: 'New code package',
    search: 'Search name or organization', type: 'Type', all: 'All', table: 'Code packages', empty: 'No code package yet.', emptyFiltered: 'No code package matches these filters.',
    open: 'Open code package {{name}}', codes: 'Codes', used: 'Used', total_one: '{{count}} code package', total_other: '{{count}} code packages',
    page: 'Page {{page}} of {{pages}}', previous: 'Previous page', next: 'Next page',
  },
  form: {
    title: 'New code package', intro: 'Every field is required. The codes are generated when you save.', choosePlan: 'Choose a plan…', chooseType: 'Choose a type…',
    save: 'Create and generate codes', cancel: 'Cancel', created: 'Code package created with {{count}} codes', monthsHint: '1 to 60 months',
  },
  detail: {
    back: 'Back to code packages', export: 'Export .xlsx', exportFailed: 'The export could not be downloaded', grants: '{{plan}} for {{months}} months',
    period: '{{from}} – {{to}}', info: 'Package', statistics: 'Statistics', codes: 'Codes',
  },
  codes: {
    table: 'Codes of this package', status: 'Status', search: 'Search a code or series', all: 'All', series: 'Series', code: 'Code', purchasedAt: 'Purchase date',
    activatedAt: 'Activation date', redeemedBy: 'Used by', none: '—', select: 'Select code {{series}}', selectPage: 'Select all codes on this page',
    selected_one: '{{count}} code selected', selected_other: '{{count}} codes selected', markPaid: 'Mark paid', markNotPaid: 'Mark not paid', lock: 'Lock',
    range: 'Series range', from: 'From number', to: 'To number', applyRange: 'Apply to range', action: 'Action',
    done: '{{updated}} codes changed, {{skipped}} skipped (used codes never change)', confirmLock: 'Lock {{count}} codes? Locked codes cannot be redeemed.',
    confirm: 'Confirm', empty: 'No code matches this filter.',
  },
  stats: {
    total: 'Total', notPaid: 'Not paid', paid: 'Paid', used: 'Used', locked: 'Locked', byMonth: 'Redemptions by month of activation', month: 'Month',
    redemptions: 'Redemptions', noRedemptions: 'No code has been redeemed yet.',
  },
};
