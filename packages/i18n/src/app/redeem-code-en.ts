/** Patient app: redeem a code from a code package (issue 17; English). */
export const appRedeemCodeEn = {
  title: 'Redeem a code',
  intro: 'Enter the code you received from your organization. A code can be used once; it upgrades your plan.',
  label: 'Code',
  hint: '12 letters and digits, for example ABCD-EFGH-JKLM. Spaces and dashes are optional.',
  placeholder: 'ABCD-EFGH-JKLM',
  submit: 'Redeem',
  required: 'Enter your code',
  tooShort: 'The code has 12 letters and digits',
  successTitle: 'Code redeemed',
  success: 'Your plan is now {{plan}} for {{months}} months.',
  endsAt: 'Active until {{date}}',
  viewSubscription: 'View my subscription',
  another: 'Redeem another code',
  back: 'Back',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
};
export type AppRedeemCodeMessages = typeof appRedeemCodeEn;
