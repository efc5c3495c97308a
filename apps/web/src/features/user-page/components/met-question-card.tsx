// The community loop's card (PRODUCT §11): after an assignment, did the member meet their group (and later, meet it
// again)? Its own chunk, loaded after the page, so it never delays the chat button; a failed load shows nothing, a
// failed answer a toast with the card still there to try again.
import { useEffect, useId, useRef, useState } from 'react'
import { Users, X } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'

import { answerMetQuestion, fetchMetQuestion, type MetQuestion } from '@/features/user-page/met-api'
import { deferredNotify as notify } from '@/lib/deferred-notify'

type Answer = 'yes' | 'no' | 'later'

const TEXTS = {
  met: { question: (name: string) => `Did you get to meet your group ${name}?`, yes: 'Yes, we met' },
  met_again: { question: (name: string) => `Have you met your group ${name} again?`, yes: 'Yes, again' },
} as const

export function MetQuestionCard() {
  const titleId = useId()
  const [question, setQuestion] = useState<MetQuestion | null>(null)
  const [sending, setSending] = useState<Answer | null>(null)
  const sectionRef = useRef<HTMLElement>(null)

  useEffect(() => {
    const controller = new AbortController()
    fetchMetQuestion({ signal: controller.signal }).then(setQuestion, () => undefined)
    return () => controller.abort()
  }, [])

  if (!question) return null
  const texts = TEXTS[question.round]

  const hasFocus = () => !!sectionRef.current?.contains(document.activeElement)
  // The card goes away under the keyboard's focus: hand it to the chat button rather than drop it to the page.
  const close = (hadFocus = hasFocus()) => {
    if (hadFocus) document.querySelector<HTMLElement>('[data-chat-button]')?.focus()
    setQuestion(null)
  }

  const answer = async (value: Answer) => {
    // Read before the buttons are disabled while sending: a disabled button drops the focus.
    const hadFocus = hasFocus()
    setSending(value)
    try {
      await answerMetQuestion(question.askId, value)
      notify.success('Thanks — we’ve noted that.')
      close(hadFocus)
    } catch (error) {
      notify.error(error instanceof Error && error.message ? error.message : 'Your answer could not be saved. Please try again.')
    } finally {
      setSending(null)
    }
  }

  const choice = (value: Answer, label: string, variant: 'default' | 'outline') => (
    <Button
      variant={variant}
      size="sm"
      disabled={sending !== null}
      aria-busy={sending === value || undefined}
      onClick={() => void answer(value)}
    >
      {label}
    </Button>
  )

  return (
    <section
      ref={sectionRef}
      aria-labelledby={titleId}
      className="flex w-full items-start gap-3 rounded-xl border bg-card/90 p-3 text-left shadow-xs"
    >
      <Users className="mt-1 size-4 shrink-0 text-primary" aria-hidden />
      <div className="grid flex-1 gap-2.5">
        <h2 id={titleId} className="text-sm font-semibold text-balance">
          {texts.question(question.subgroupName)}
        </h2>
        <div className="flex flex-wrap gap-2">
          {choice('yes', texts.yes, 'default')}
          {choice('later', 'Not yet', 'outline')}
          {choice('no', 'No', 'outline')}
        </div>
      </div>
      <Button variant="ghost" size="icon-sm" className="-my-1 shrink-0" aria-label="Ask me later" onClick={() => close()}>
        <X aria-hidden />
      </Button>
    </section>
  )
}
