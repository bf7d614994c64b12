import { codePackagesApi } from '@carewatch/api-client/code-packages';
import { api } from '../../app/api.ts';

/** The code packages module's calls with the portal's session. */
export const codePackages = codePackagesApi(api.request);

export const codePackageKeys = {
  all: ['code-packages'] as const,
  list: (q: Record<string, unknown>) => ['code-packages', 'list', q] as const,
  detail: (id: string) => ['code-packages', 'detail', id] as const,
  codes: (id: string, q: Record<string, unknown>) => ['code-packages', 'detail', id, 'codes', q] as const,
  stats: (id: string) => ['code-packages', 'detail', id, 'stats'] as const,
  plans: ['code-packages', 'plans'] as const,
};
