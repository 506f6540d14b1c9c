import type { Athlete } from '../../../lib/currentAthlete';
import { FamilyCircleCard } from '../../family';
import { useCurrentAthlete } from '../../../lib/currentAthlete';

/**
 * The dashboard's family circle card. The athlete can be passed in; without one it is the athlete the
 * family feature resolves (the current athlete), so the dashboard can keep rendering <InTheLoopCard />.
 */
export function InTheLoopCard({ athlete }: { athlete?: Athlete | null }) {
  const resolved = useCurrentAthlete();
  if (athlete !== undefined) return <FamilyCircleCard athlete={athlete} />;
  return <FamilyCircleCard athlete={resolved.athlete} loading={resolved.isLoading} />;
}
