/** Portal catalogue, domain "packages" (issue 17; English). */
export const packagesEn = {
  nav: { plans: 'Packages', addons: 'Add-on packs' },
  kinds: { plan: 'Package', addon: 'Add-on pack' },
  tiers: { standard: 'Standard', silver: 'Silver', gold: 'Gold' },
  features: {
    medical_records: 'Medical records', doctor_requests: 'Doctor requests', video_visits: 'Video visits', health_report: 'Health report',
  },
  fields: {
    code: 'Package id', name: 'Name', tier: 'Tier', currency: 'Currency', icon: 'Icon', description: 'Description', features: 'Features',
    options: 'Price options', months: 'Months', monthlyPrice: 'Price per month', addonUses: 'Uses per pack', addonPrice: 'Price per pack',
    limits: 'Limits', timeMinutes: 'Time (minutes)', storageMb: 'Storage (MB)', uses: 'Uses', status: 'Status', price: 'Price',
  },
  list: {
    plansTitle: 'Packages', plansSubtitle: 'Service packages customers subscribe to. Every account without a purchase is on Zero.',
    addonsTitle: 'Add-on packs', addonsSubtitle: 'Packs of extra uses customers buy on top of their package.',
    newPlan: 'New package', newAddon: 'New add-on pack', table: 'Packages', addonsTable: 'Add-on packs', empty: 'Nothing here yet.',
    enabled: 'Enabled', disabled: 'Disabled', default: 'Default', edit: 'Edit {{name}}', toggle: 'Enabled: {{name}}',
    free: 'Free', perMonth: '{{price}} / month', optionLine: '{{months}} months: {{price}} / month', uses: '{{count}} uses for {{price}}',
    unlimited: 'Unlimited',
    confirmDisableTitle: 'Disable {{name}}?', confirmDisable: 'Customers can no longer choose it. Current subscriptions are not changed. You can enable it again at any time.',
    confirmEnableTitle: 'Enable {{name}}?', confirmEnable: 'Customers can choose it again.',
    confirm: 'Confirm', cancel: 'Cancel', enabledToast: '{{name}} is enabled', disabledToast: '{{name}} is disabled',
  },
  form: {
    newPlan: 'New package', newAddon: 'New add-on pack', editTitle: 'Edit {{name}}', back: 'Back to the list',
    addOption: 'Add an option', removeOption: 'Remove option {{n}}', option: 'Option {{n}}', limitsHint: '-1 means unlimited',
    priceHint: 'In {{currency}} ({{digits}} decimals)', defaultHint: 'The default Zero package stays free and without features.',
    save: 'Save', cancel: 'Cancel', created: 'Package {{name}} created', saved: 'Package {{name}} saved', notFound: 'Package not found',
    chooseIcon: 'No icon',
  },
  validation: { code: 'Letters, digits, - and _ only (no spaces)', name: 'Letters, digits, spaces, - and _ only' },
  icons: { zero: 'Zero', basic: 'Basic', star: 'Star', heart: 'Heart', shield: 'Shield', video: 'Video', report: 'Report' },
};
