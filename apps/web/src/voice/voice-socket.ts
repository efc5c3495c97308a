// Opening the /ws socket with a deadline: a server that never answers becomes a clear error.
import { describeConnectFailure, describeSocketClose, VoiceConnectError } from '@/voice/errors'

export interface VoiceSocketHandlers {
  onMessage(data: unknown): void
  /** Closed for any reason, before or after opening; `message` is for a person. */
  onClose(message: string): void
}

/** The socket at once (so it can be closed while opening) and a promise for its opening. */
export function openVoiceSocket(url: string, timeoutMs: number, handlers: VoiceSocketHandlers) {
  const socket = new WebSocket(url)
  socket.onmessage = (message) => handlers.onMessage(message.data)
  let isOpen = false
  const opened = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new VoiceConnectError('the voice server did not answer in time. Check your connection and try again.'))
      socket.close()
    }, timeoutMs)
    socket.onopen = () => {
      isOpen = true
      clearTimeout(timer)
      resolve()
    }
    socket.onclose = (event) => {
      clearTimeout(timer)
      reject(new VoiceConnectError(describeConnectFailure(event.code, event.reason, isOpen)))
      handlers.onClose(isOpen ? describeSocketClose(event.code, event.reason) : describeConnectFailure(event.code, event.reason, false))
    }
  })
  return { socket, opened }
}

/** Stops listening and closes, whatever state the socket is in. */
export function closeVoiceSocket(socket: WebSocket): void {
  socket.onmessage = null
  socket.onclose = null
  socket.onopen = null
  if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(1000)
}
