import { guideAckMutationSchema } from '../../../shared/schemas/guides'
import { parseMutationArgs, requireDevicePermission, type Mutators } from '../../lib/sync-contract'
import type { GuidesService } from './guides.service'

/** What the guides area gives the sync protocol: the acknowledgement a device made, offline perhaps. */
export function guidesSync(guides: GuidesService): { mutators: Mutators } {
  return {
    mutators: {
      async acknowledgeGuide(ctx, args) {
        requireDevicePermission(ctx, 'view', 'embeds')
        await guides.offline.acknowledgeFromDevice(ctx, parseMutationArgs(guideAckMutationSchema, args, ctx.translate))
      },
    },
  }
}
