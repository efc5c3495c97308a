// What the person is told when a voice session cannot start or ends on its own.
import { CLOSE_CODES, type HearthContinued } from '@hearth/protocol'

/** SPEC §8: shown as an alert when the browser refuses the microphone. */
export const MIC_DENIED_MESSAGE = 'You must grant microphone access to use this feature.'

export class MicrophoneDeniedError extends Error {
  constructor() {
    super(MIC_DENIED_MESSAGE)
    this.name = 'MicrophoneDeniedError'
  }
}

/** The error getUserMedia threw, in words a person can act on. */
export function microphoneError(error: unknown): Error {
  const name = error instanceof DOMException || error instanceof Error ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return new MicrophoneDeniedError()
  }
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') {
    return new Error('No microphone was found. Connect one and try again.')
  }
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') {
    return new Error('The microphone is in use by another app or could not start. Close other apps using it and try again.')
  }
  return new Error(`The microphone could not start${error instanceof Error && error.message ? `: ${error.message}` : '.'}`)
}

/**
 * Why the voice socket closed, for a close the person did not ask for. The server's reason text is used where
 * it says more than the code does.
 */
export function describeSocketClose(code: number, reason: string): string {
  switch (code) {
    case CLOSE_CODES.tooManySessions:
      return 'Hearth is busy right now. Please try again in a few minutes.'
    case CLOSE_CODES.replaced:
      return 'This conversation continued in another tab or window.'
    case CLOSE_CODES.timeLimit:
      return 'The conversation reached its time limit.'
    case CLOSE_CODES.dailyLimit:
      return 'You have used today’s voice minutes. Please come back tomorrow.'
    case CLOSE_CODES.signedOut:
      return 'You were signed out, so the conversation ended. Open your link or sign in again to continue.'
    case CLOSE_CODES.staffLimit:
      return 'This account already has as many live conversations as it may. End one and try again.'
    case CLOSE_CODES.upstreamFailed:
      return 'The voice service is not available right now. Please try again in a moment.'
    case CLOSE_CODES.policy:
      return reason ? `The voice session was refused: ${reason}` : 'The voice session was refused.'
    case 1001:
      return 'The server is restarting. Please start the conversation again in a moment.'
    case 1006:
      return 'The connection to the voice server was lost. Check your connection and try again.'
    default:
      return reason || `The voice connection closed (code ${code}).`
  }
}

/** After a drop longer than the relay's grace, the conversation went on in a new session (hearth.resumed 'restarted'). */
export function restartedMessage(summarised: boolean): string {
  return summarised
    ? 'The connection was lost for too long, so a new session continues from a summary of your conversation.'
    : 'The connection was lost for too long, so a new session has started.'
}

/**
 * What the page says when the relay renews its upstream session (hearth.continued): once, at the cut; nothing for
 * a rotation, which nobody hears. Members get plain words; staff pages also learn why.
 */
export function continuedMessage(event: HearthContinued, member: boolean): string | null {
  if (event.phase !== 'restarting') return null
  if (member) return 'The line cut out for a moment. We are reconnecting, and you can carry on where you left off.'
  const why = event.cause === 'session_expired' ? 'reached its time limit' : 'connection was lost'
  return `The voice service session ${why}. A new one continues the conversation${event.summarised ? ' from a summary' : ''}.`
}

/** Prefix of every failed connect to /ws, so the person knows it is the voice service that could not be reached. */
export const CONNECT_FAILED = 'Could not connect to the voice service'

/**
 * The voice socket could not be opened or closed before the session was ready: refused upgrade (a browser
 * sees only 1006), a socket error, a timeout, or a close with the server's code and reason.
 */
export class VoiceConnectError extends Error {
  constructor(reason: string) {
    super(`${CONNECT_FAILED}: ${reason}`)
    this.name = 'VoiceConnectError'
  }
}

/** Why a socket closed before its session was ready; a refused upgrade (1006 before opening) says where to look. */
export function describeConnectFailure(code: number, reason: string, opened: boolean): string {
  if (code === 1006 && !opened) {
    return 'the server refused the connection or could not be reached. Open Hearth at the address in your link (or the one the server announced) and try again.'
  }
  return describeSocketClose(code, reason)
}
