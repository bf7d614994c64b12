import { useNavigate } from 'react-router';
import { setSubject } from '../../app/subject.ts';
import type { DashboardRole } from './dashboard-rules.ts';

/** Opens a player or patient of the dashboard in "viewing as" (read only) and shows Home. */
export function useOpenFromDashboard(role: DashboardRole) {
  const navigate = useNavigate();
  return (p: { patientId: string; name: string }) => {
    setSubject({ patientId: p.patientId, name: p.name, relation: role });
    void navigate('/');
  };
}
