/** Placeholder so the package resolves before its parsers land (issue 6). */
export const GATT_PACKAGE = '@carewatch/devices';
