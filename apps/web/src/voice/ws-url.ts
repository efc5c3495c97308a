// Where the realtime relay listens: /ws on the page's own origin, ws: or wss: to match http: or https:.
import type { VoicePage } from '@hearth/protocol'

export interface VoiceSocketParams {
  /** Which page the session serves: it picks defaults (voice, silence, tools) and, on 'user', the end user's identity. */
  page: VoicePage
  /** Module (sequence) name, with or without ".json". */
  module?: string | null
  version?: number | null
  /** Staff pages only; the server ignores them for end users. */
  voice?: string | null
  temperature?: number | null
}

export function voiceSocketUrl(location: Pick<Location, 'protocol' | 'host'>, params: VoiceSocketParams): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:'
  const query = new URLSearchParams({ page: params.page })
  if (params.module) query.set('module', params.module)
  if (params.version != null) query.set('version', String(params.version))
  if (params.voice) query.set('voice', params.voice)
  if (params.temperature != null) query.set('temperature', String(params.temperature))
  return `${scheme}//${location.host}/ws?${query}`
}
