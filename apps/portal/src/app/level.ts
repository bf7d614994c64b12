const LEVEL_CHOSEN_KEY = 'cw.levelChosen';

/** Whether a level was chosen in this browser session (sessionStorage). */
export function levelChosen(): boolean {
  try {
    return sessionStorage.getItem(LEVEL_CHOSEN_KEY) !== null;
  } catch {
    return false;
  }
}

export function markLevelChosen(levelId: string): void {
  try {
    sessionStorage.setItem(LEVEL_CHOSEN_KEY, levelId);
  } catch {
    /* storage unavailable */
  }
}

export function forgetLevelChoice(): void {
  try {
    sessionStorage.removeItem(LEVEL_CHOSEN_KEY);
  } catch {
    /* storage unavailable */
  }
}
