/**
 * Patient app: Permissions screen, guides, sleep apnea FAQ and device manual (English, US). Wired into `en.ts` as `help`.
 * A guide's or manual's `body` is one step per line.
 */
export const appHelpEn = {
  link: 'Help, guides and FAQ',
  title: 'Help and guides',
  intro: 'How-to guides, answers about sleep apnea and the watch manual.',
  search: 'Search the help',
  searchPlaceholder: 'For example: follower, battery',
  found: 'Topics found: {{count}}',
  noResults: 'Nothing matches "{{query}}". Try another word.',
  guides: 'Guides',
  faq: 'Sleep apnea FAQ',
  manual: 'Device manual',
  about: 'Privacy and terms',
  permissionsLink: 'Check the app permissions',
  entries: {
    alerts: {
      title: 'Health alerts: how they work',
      body: 'Each reading is compared with the thresholds set by your doctor and gets a level: normal, at risk, high risk or SOS.\nAt high risk the app asks you to confirm within 15 seconds (you can change this time in Alerts); without an answer it sends an SOS.\nThe SOS button counts down 5 seconds before sending, so a wrong tap can be canceled.\nAn SOS sends your vital signs and your location to your emergency contacts and your health center.\nSet your thresholds, automatic detection and SOS message in Alerts.',
    },
    addFollower: {
      title: 'Add a follower',
      body: 'A follower is a relative or caregiver: an emergency contact is told when you need help, a caring contact also follows your health data.\nOpen Contacts and tap Add follower.\nEnter their phone number, or let them scan your QR code (Contacts, My QR code).\nThey accept the request in their app; until then it waits in Requests, Sent. You can send it again after 5 minutes.\nAt most 3 members can see your health data and location.',
    },
    shareData: {
      title: 'Share your health data',
      body: 'The clinicians of your health center see your readings without anything to do.\nTo share with a relative, add them as a caring contact: they see your readings and your location (at most 3 members).\nTo share a report, use Export for my doctor on Home: a PDF or CSV file of a period.\nYou can stop sharing at any time: in Contacts, remove the follower.',
    },
    disconnect: {
      title: 'Disconnect your watch',
      body: 'Open Devices and tap Device settings under your watch.\nTap Disconnect and confirm. The readings already received are kept.\nTo use the watch with another phone or account, disconnect it here first; otherwise the other phone sees "Device connected by another user".\nIf the phone still lists the watch in its Bluetooth settings, forget it there too.',
    },
    troubleshooting: {
      title: 'Connection troubleshooting',
      body: 'Turn Bluetooth on and allow it for the app (Settings, Permissions).\nKeep the watch within {{range}} cm of the phone while pairing.\nCharge the watch: below {{lowBattery}}% it stops measuring.\nDevice not found: wake the watch screen and scan again; close other apps connected to it.\nPairing failed: forget the watch in the phone’s Bluetooth settings, restart the watch, then pair again.\nReadings not syncing: keep the app open for a minute with the Internet on; readings taken offline are sent when the connection is back.\nOn Android, exclude the browser from battery optimization so that it keeps the connection in the background.',
    },
    faqWhat: {
      title: 'What is sleep apnea?',
      body: 'A disorder in which breathing stops or becomes very shallow many times during sleep, for 10 seconds or more each time. The most common form, obstructive sleep apnea, happens when the throat muscles relax and block the airway.',
    },
    faqSigns: {
      title: 'What are the signs?',
      body: 'Loud snoring, pauses in breathing noticed by a partner, waking up gasping or choking, morning headaches, a dry mouth, and feeling sleepy during the day despite a full night.',
    },
    faqRisk: {
      title: 'Who is at risk?',
      body: 'People who are overweight or have a large neck, older adults, men, people with high blood pressure, diabetes or heart disease, smokers, and those who drink alcohol or take sleeping pills before bed. It also runs in families.',
    },
    faqWatch: {
      title: 'Can the watch detect sleep apnea?',
      body: 'No, the watch cannot diagnose it. It measures SpO2 at night between 00:00 and 07:00 and alerts you when it falls below 92%. Repeated low values at night are a reason to talk to your doctor, who may order a sleep study.',
    },
    faqSpo2: {
      title: 'What is a normal SpO2 during sleep?',
      body: 'Usually 94 to 99%. Below 92% is low and the app warns you. Wear the watch snug on the wrist: a loose watch can read too low.',
    },
    faqRisks: {
      title: 'Why does it matter?',
      body: 'Untreated sleep apnea raises the risk of high blood pressure, heart disease, stroke, diabetes, and accidents caused by sleepiness.',
    },
    faqTreatment: {
      title: 'How is it treated?',
      body: 'It depends on the cause: losing weight, sleeping on your side, no alcohol before bed, a CPAP machine that keeps the airway open at night, a mouth guard, or sometimes surgery. Your doctor decides with you.',
    },
    faqDoctor: {
      title: 'When should I see a doctor?',
      body: 'When you snore loudly and feel tired during the day, when someone sees you stop breathing at night, or when the app often shows a low SpO2 at night. If someone cannot be woken or has trouble breathing, call your local emergency number.',
    },
    manual: {
      title: 'GT2 and GT5 watches',
      body: 'Charge the watch fully before the first use.\nTurn Bluetooth on, open Devices, Add device, and keep the watch within {{range}} cm of the phone.\nWear it snug, a finger’s width above the wrist bone, with the sensor against the skin.\nThe watch measures every {{every}} minutes and syncs when the app is open; a measurement takes up to {{measure}} minutes.\nPress the button for {{press}} seconds to start or stop the countdown.\nThe skin temperature at the wrist may differ from the body temperature by 0 to 1 °C.\nGT2 measures heart rate, SpO2 and temperature; GT5 also measures blood pressure.',
    },
  },
  specs: {
    title: 'Specifications',
    pairingRange: 'Pairing range',
    pairingRangeValue: 'Up to {{cm}} cm from the phone',
    battery: 'Battery',
    batteryValue: '{{mah}} mAh, {{min}} to {{max}} days per charge',
    temperature: 'Working temperature',
    temperatureValue: '{{min}} to {{max}} °C ({{minF}} to {{maxF}} °F)',
    water: 'Water resistance',
    waterValue: '{{rating}}: rain, hand washing and splashes; not for swimming, hot water or sauna',
  },
  permissions: {
    link: 'Permissions',
    title: 'Permissions',
    intro: 'What the app may use on this phone, and why. You can change each one in your browser or phone settings.',
    states: {
      granted: 'Allowed',
      denied: 'Denied',
      prompt: 'Not asked yet',
      onUse: 'Asked when you pair a device',
      unsupported: 'Not available in this browser',
    },
    allow: 'Allow {{name}}',
    pair: 'Pair a device',
    recheck: 'Check again',
    failed: 'The browser did not answer. Try again.',
    howTo: 'How to allow it',
    steps: {
      ios: 'Open the iPhone Settings, then Safari (or the CareWatch app on your Home Screen), find {{name}} and choose Allow. Then come back and tap Check again.',
      android:
        'In Chrome, tap the icon left of the address, then Permissions (or Site settings), set {{name}} to Allow. Also check that the phone’s Settings, Apps, Chrome allow it. Then tap Check again.',
      desktop: 'Click the icon left of the address, open Site settings, set {{name}} to Allow, then reload the page.',
    },
    kinds: {
      location: {
        name: 'Location',
        reason:
          'Sends your position with an SOS so that your contacts and the emergency services can find you, and finds doctors near you.',
        denied: 'Location permission denied. Enable it manually in your browser or phone settings.',
        effect: 'Until then, an SOS is sent without your position.',
      },
      notifications: {
        name: 'Notifications',
        reason:
          'Shows health alerts, medication and appointment reminders, and requests from your contacts, even when the app is closed.',
        denied: 'Notification permission denied. Enable it manually in your browser or phone settings.',
        effect: 'Until then, alerts and reminders appear only while the app is open.',
      },
      camera: {
        name: 'Camera',
        reason: 'Scans a follower’s QR code and takes photos of a device screen or a medicine.',
        denied: 'Camera permission denied. Enable it manually in your browser or phone settings.',
        effect: 'Until then, you can still choose a photo from the gallery or type the values.',
      },
      bluetooth: {
        name: 'Bluetooth',
        reason: 'Pairs your watch and receives its readings. The phone asks each time you pair a device.',
        denied: 'Bluetooth is off or not allowed. Turn it on and allow it in your browser or phone settings.',
        effect: 'Until then, the watch cannot send readings; you can still enter them by hand.',
      },
      storage: {
        name: 'Storage',
        reason: 'Keeps your readings, the SOS kit and visitor-mode data on this phone, so that they are there offline.',
        denied:
          'Storage permission denied. Enable it manually: add the app to your Home Screen or allow storage in the site settings.',
        effect: 'Until then, the browser may remove the data kept on this phone when space runs low.',
      },
      motion: {
        name: 'Motion sensors',
        reason: 'Counts your steps with the phone’s own sensors during a sport session.',
        denied: 'Motion sensor permission denied. Enable it manually in your browser or phone settings.',
        effect: 'Until then, only the watch counts your steps.',
      },
    },
  },
};
export type AppHelpMessages = typeof appHelpEn;
