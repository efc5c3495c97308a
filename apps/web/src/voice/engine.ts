// The voice engine: what a live conversation needs beyond the page's state (socket, audio worklets, assistant
// playback, the conversation reducer). atoms.ts downloads it on the first chat press (or hover) only.
export { openVoiceAudio } from '@/voice/audio-engine'
export { reduceConversation } from '@/voice/conversation'
export { VoiceSession } from '@/voice/voice-session'
