// 'Clear conversation' of the staff voice pages (SPEC §9 'Conversation cleared'). Live, every item is deleted
// upstream too (conversation.item.delete, staff only), so the model forgets it as the list does; after a session
// it clears what the page still shows (the testing page's finished run).
import { useAtomValue, useSetAtom } from 'jotai'
import { Eraser } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'

import { notify } from '@/lib/notify'
import { clearConversationAtom, connectionStatusAtom, conversationItemsAtom } from '@/voice/atoms'
import { deleteConversationItemAtom } from '@/voice/staff-atoms'

export function ClearConversationButton() {
  const status = useAtomValue(connectionStatusAtom)
  const items = useAtomValue(conversationItemsAtom)
  const clear = useSetAtom(clearConversationAtom)
  const deleteItem = useSetAtom(deleteConversationItemAtom)
  const connected = status === 'connected'
  const usable = items.length > 0 && (connected || status === 'disconnected')
  const onClick = () => {
    if (connected) for (const item of items) deleteItem(item.id)
    else clear()
    notify.success('Conversation cleared')
  }
  return (
    <Button variant="outline" size="sm" disabled={!usable} onClick={onClick}>
      <Eraser aria-hidden />
      Clear conversation
    </Button>
  )
}
