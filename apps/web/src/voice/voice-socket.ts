// Opening the /ws socket with a deadline: a server that never answers becomes a clear error.
import { describeConnectFailure, describeSocketClose, VoiceConnectError } from '@/voice/errors'
import type { InputPosition } from '@/voice/socket-worker-messages'
import type { VoiceSocketLike } from '@/voice/worker-socket'

export interface VoiceSocketHandlers {
  onMessage(data: unknown, input?: InputPosition): void
  /** Closed for any reason, before or after opening; `message` is for a person, `code` the close code. */
  onClose(message: string, code: number): void
}

/**
 * The socket at once (so it can be closed while opening) and a promise for its opening. `create` makes it (a
 * WorkerSocket: the voice session's socket lives in a worker). A socket that does not open in time is closed with
 * `timeoutCode` (a reconnect must not say 1000, "the conversation is over", should the relay have taken it after all).
 */
export function openVoiceSocket<S extends VoiceSocketLike>(
  url: string,
  timeoutMs: number,
  handlers: VoiceSocketHandlers,
  create: (url: string) => S,
  timeoutCode = 1000,
) {
  const socket = create(url)
  socket.onmessage = (message) => handlers.onMessage(message.data, message.input)
  let isOpen = false
  const opened = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new VoiceConnectError('the voice server did not answer in time. Check your connection and try again.'))
      socket.close(timeoutCode)
    }, timeoutMs)
    socket.onopen = () => {
      isOpen = true
      clearTimeout(timer)
      resolve()
    }
    socket.onclose = (event) => {
      clearTimeout(timer)
      reject(new VoiceConnectError(describeConnectFailure(event.code, event.reason, isOpen)))
      const message = isOpen ? describeSocketClose(event.code, event.reason) : describeConnectFailure(event.code, event.reason, false)
      handlers.onClose(message, event.code)
    }
  })
  return { socket, opened }
}

/**
 * Stops listening and closes, whatever state the socket is in. 1000 ends the session (the relay runs post-chat);
 * a 4xxx code of ours leaves it waiting for a resume (voice/reconnect.ts).
 */
export function closeVoiceSocket(socket: VoiceSocketLike, code = 1000): void {
  socket.onmessage = null
  socket.onclose = null
  socket.onopen = null
  if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(code)
}
