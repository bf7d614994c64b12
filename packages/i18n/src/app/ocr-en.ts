/** Patient app: reading a device's screen from a photo (English, US). Wired into `en.ts` as `ocr`. */
export const appOcrEn = {
  open: 'Read from a photo',
  title: 'Read values from a photo',
  intro: 'Choose the device, then take or choose a photo of its screen. You check the values before anything is saved.',
  device: 'Device',
  devices: {
    bp_monitor: 'Blood pressure monitor',
    glucometer: 'Glucometer',
    scale: 'Scale',
    thermometer: 'Thermometer',
    oximeter: 'Pulse oximeter',
  },
  takePhoto: 'Take or choose a photo',
  photoInput: 'Photo of the device screen',
  preview: 'Photo of the screen',
  reading: 'Reading the values…',
  cannotDetect:
    'OCR cannot detect data. Take the photo again straight on, with the whole screen sharp and visible, or type the values.',
  failed: 'The photo could not be opened. Try another photo.',
  filled: 'Values read from the photo. Check them, correct them if needed, then save.',
};
export type AppOcrMessages = typeof appOcrEn;
