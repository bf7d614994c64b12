/**
 * The id of the page's main region (AppShell.Main). Filter tabs, which have no panel of their own, name it as the
 * region they control (aria-controls).
 */
export const MAIN_CONTENT_ID = 'main-content';
