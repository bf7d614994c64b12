/**
 * Who may see which patients (spec §6): a patient only themself; a doctor the patients they follow or of their
 * branch; an assistant the patients of the doctors they follow or of their branch; anyone else by their level
 * (one health center, a scope subtree, or the whole tenant).
 */
export type PatientVisibility =
  | { kind: 'self'; userId: string }
  | { kind: 'doctor'; userId: string; centerId: string | null }
  | { kind: 'assistant'; userId: string; centerId: string | null }
  | { kind: 'center'; centerId: string }
  | { kind: 'scope'; scopeId: string }
  | { kind: 'tenant' };
