// The voice engine: what a live conversation or a recording needs beyond the page's state (socket, audio
// worklets, assistant playback, the conversation reducer, the feedback recorder). Pages download it on the
// first chat or feedback press (or hover); one chunk, so that is one request and not a waterfall.
export { openVoiceAudio } from '@/voice/audio-engine'
export { reduceConversation } from '@/voice/conversation'
export { MicRecorder } from '@/voice/mic-recorder'
export { VoiceSession } from '@/voice/voice-session'
