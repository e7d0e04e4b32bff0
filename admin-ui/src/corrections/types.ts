import type { PersonRef } from '../incoming/api';

/** What corrects a list: back to its creator's draft with a reason, or cancelled for good. */
export type Correction = 'return' | 'cancel';

/** The return a list carries while back in draft: who returned it, when and why. */
export interface Returned {
  by: PersonRef;
  at: string;
  reason: string;
}
