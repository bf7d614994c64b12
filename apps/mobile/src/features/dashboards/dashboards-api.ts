import { useQuery } from '@tanstack/react-query';
import { dashboardsApi } from '@carewatch/api-client/dashboards';
import { api } from '../../app/api.ts';

/** The coach's and doctor's dashboards and the sport profile (issue 21). */
export const myDashboardsApi = dashboardsApi(api.request);

export const DASHBOARD_KEYS = {
  coach: ['app', 'dashboards', 'coach'] as const,
  doctor: (size: number) => ['app', 'dashboards', 'doctor', size] as const,
  sportProfile: ['me', 'sport-profile'] as const,
};

export function useCoachDashboard() {
  return useQuery({ queryKey: DASHBOARD_KEYS.coach, queryFn: () => myDashboardsApi.coach() });
}

/** The doctor's patients, the first `size` (most urgent first); "show more" asks for a bigger first page. */
export function useDoctorDashboard(size: number) {
  return useQuery({
    queryKey: DASHBOARD_KEYS.doctor(size),
    queryFn: () => myDashboardsApi.doctor({ size }),
    placeholderData: (prev) => prev,
    retry: false,
  });
}
