import { appHelpEn, type AppHelpMessages } from './help-en.ts';

/** Patient app: help and permissions (Canadian English): "centre", "cancelled", and 911 as the emergency number. */
export const appHelpEnCa: AppHelpMessages = {
  ...appHelpEn,
  entries: {
    ...appHelpEn.entries,
    alerts: {
      ...appHelpEn.entries.alerts,
      body: 'Each reading is compared with the thresholds set by your doctor and gets a level: normal, at risk, high risk or SOS.\nAt high risk the app asks you to confirm within 15 seconds (you can change this time in Alerts); without an answer it sends an SOS.\nThe SOS button counts down 5 seconds before sending, so a wrong tap can be cancelled.\nAn SOS sends your vital signs and your location to your emergency contacts and your health centre.\nSet your thresholds, automatic detection and SOS message in Alerts.',
    },
    shareData: {
      ...appHelpEn.entries.shareData,
      body: 'The clinicians of your health centre see your readings without anything to do.\nTo share with a relative, add them as a caring contact: they see your readings and your location (at most 3 members).\nTo share a report, use Export for my doctor on Home: a PDF or CSV file of a period.\nYou can stop sharing at any time: in Contacts, remove the follower.',
    },
    faqDoctor: {
      ...appHelpEn.entries.faqDoctor,
      body: 'When you snore loudly and feel tired during the day, when someone sees you stop breathing at night, or when the app often shows a low SpO2 at night. If someone cannot be woken or has trouble breathing, call 911.',
    },
  },
};
