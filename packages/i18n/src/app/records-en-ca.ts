import { appRecordsEn, type AppRecordsMessages } from './records-en.ts';

/** Patient app: medical records (Canadian English): the US texts, no spelling differs here. */
export const appRecordsEnCa: AppRecordsMessages = { ...appRecordsEn };
