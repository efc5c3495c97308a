// Browser tests read the voice state through window.__hearthVoice; only automated browsers download the hook.
import { useEffect } from 'react'
import { useStore } from 'jotai'

export function useVoiceTestHook() {
  const store = useStore()
  useEffect(() => {
    if (!navigator.webdriver) return
    let uninstall: (() => void) | null = null
    let unmounted = false
    void import('@/voice/test-hook').then(({ installVoiceTestHook }) => {
      if (!unmounted) uninstall = installVoiceTestHook(store)
    })
    return () => {
      unmounted = true
      uninstall?.()
    }
  }, [store])
}
