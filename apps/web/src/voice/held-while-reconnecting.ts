// What the person changes while a dropped connection is being resumed (issue 10 §3), kept to be sent once the
// connection is back: the latest settings and turn detection, and typed turns in order. What belongs to the
// moment (audio buffer commits and clears, cancels, truncates) is not kept: the drop already changed what it
// referred to.
import type { BrowserEvent } from '@hearth/protocol'

export class HeldWhileReconnecting {
  private readonly events = new Map<BrowserEvent['type'], BrowserEvent>()
  private texts: string[] = []

  /** Keeps `event` if it is worth sending later (the latest of its kind; settings merged); false if it is not. */
  hold(event: BrowserEvent): boolean {
    if (event.type === 'hearth.settings') {
      const before = this.events.get('hearth.settings')
      this.events.set('hearth.settings', before?.type === 'hearth.settings' ? { ...before, ...event } : event)
      return true
    }
    if (event.type === 'session.update') {
      this.events.set('session.update', event)
      return true
    }
    return false
  }

  holdText(text: string): void {
    this.texts.push(text)
  }

  /** Everything kept, emptied: the events first, then the typed turns. */
  take(): { events: BrowserEvent[]; texts: string[] } {
    const taken = { events: [...this.events.values()], texts: this.texts }
    this.clear()
    return taken
  }

  clear(): void {
    this.events.clear()
    this.texts = []
  }
}
