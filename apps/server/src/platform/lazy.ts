/**
 * Heavy libraries loaded on first use, not at start: the server's idle memory stays low (exceljs alone is ~28 MB,
 * the MQTT client ~23 MB, web-push ~11 MB), which leaves room for a bulk import within its memory goal.
 */
export const loadExcel = async () => (await import('exceljs')).default;
export const loadMqttClient = async () => import('mqtt');
export const loadWebPush = async () => (await import('web-push')).default;
