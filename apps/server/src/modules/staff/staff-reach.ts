/**
 * Which staff a caller may see: the whole tenant, or staff having a level at these centers / scopes. A file of its own
 * (like patients/patient-visibility.ts) because other modules' repositories filter by it (doctors, schedules), and
 * they may not reach the staff repository.
 */
export type Reach = { all: true } | { all: false; centerIds: string[]; scopeIds: string[] };
