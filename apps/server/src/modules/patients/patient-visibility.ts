/**
 * Who may see which patients (spec §6): a patient only themself; a doctor the patients they follow or of their
 * branch; an assistant the patients of the doctors they follow or of their branch; anyone else by their level
 * (one health center, a scope subtree, or the whole tenant). A coach sees only the players who accepted them (issue 21).
 */
export type PatientVisibility =
  | { kind: 'self'; userId: string }
  | { kind: 'doctor'; userId: string; centerId: string | null }
  | { kind: 'assistant'; userId: string; centerId: string | null }
  | { kind: 'coach'; userId: string }
  | { kind: 'center'; centerId: string }
  | { kind: 'scope'; scopeId: string }
  | { kind: 'tenant' };
