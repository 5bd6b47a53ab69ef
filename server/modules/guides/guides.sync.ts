import { guideAckMutationSchema } from '../../../shared/schemas/guides'
import { deviceMutation, type Mutators } from '../../lib/sync-contract'
import type { GuidesService } from './guides.service'

/** What the guides area gives the sync protocol: the acknowledgement a device made, offline perhaps. */
export function guidesSync(guides: GuidesService): { mutators: Mutators } {
  return {
    mutators: {
      acknowledgeGuide: deviceMutation('view', 'embeds', guideAckMutationSchema, (ctx, input) => guides.offline.acknowledgeFromDevice(ctx, input)),
    },
  }
}
