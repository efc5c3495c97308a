// One member's invitation or subgroup-assignment notice (SPEC §7). A repeat the server refuses (PRODUCT §6: 409 with
// `alreadySent`) rejects with AlreadySentError, so the screen can ask before sending again with `force`.
import { client, unwrap } from '@/lib/api'

import { alreadySentOf } from '@/features/groups/blast-api'
import type { Channel } from '@/features/groups/texts'

export type MemberSend = { kind: 'invite' | 'assign'; channel: Channel }

type Target = {
  groupId: string
  userFile: string
  phone: string | null
  email: string | null
  subgroupId: string | null
  /** The module an invitation links to (the group's isolated module, else the chosen one). */
  moduleName: string
}

export async function sendToMember({ kind, channel }: MemberSend, to: Target, force = false) {
  // Built apart from the call: `force` is PRODUCT §6's resend flag, which a body schema may not list yet.
  const extra = force ? { force: true } : {}
  const subGroupId = to.subgroupId ?? ''
  const call =
    kind === 'invite'
      ? channel === 'sms'
        ? client.api.twilio['send-invite-sms'].post({ userFile: to.userFile, phoneNumber: to.phone, moduleName: to.moduleName, ...extra })
        : client.api['send-invite-email'].post({ userFile: to.userFile, email: to.email, moduleName: to.moduleName, ...extra })
      : channel === 'sms'
        ? client.api.twilio['notify-assignment'].post({ groupId: to.groupId, userFile: to.userFile, subGroupId, ...extra })
        : client.api['send-subgroup-email'].post({ groupId: to.groupId, userFile: to.userFile, subGroupId, email: to.email, ...extra })
  let refused: Error | null = null
  const checked = (call as Promise<Awaited<typeof call>>).then((result) => {
    if (result.error) refused = alreadySentOf(result.error.status as number, result.error.value)
    return result
  })
  try {
    return await unwrap(checked)
  } catch (error) {
    throw refused ?? error
  }
}
