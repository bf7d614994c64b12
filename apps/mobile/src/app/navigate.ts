type Navigate = (to: string) => void;
let navigateImpl: Navigate = (to) => window.location.assign(`/app${to}`);

/** Lets code outside React components (session-end handler) navigate with the router. */
export function registerNavigate(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}
