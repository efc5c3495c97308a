import type { ConversationItem, MessageItem } from '@hearth/protocol';

/** A spoken assistant item's audio: its length and when each word started, for truncation. */
export interface SpokenAudio {
  ms: number;
  words: { text: string; startMs: number }[];
}

/**
 * The local provider's conversation: its items in order, the audio length of each spoken assistant item, and
 * which user items a response has already answered (so each user turn calls the tools once).
 */
export class LocalConversation {
  readonly items: ConversationItem[] = [];
  private readonly audio = new Map<string, SpokenAudio>();
  private readonly handledUserItems = new Set<string>();
  /** The session goes on from an earlier one (its instructions carry the conversation): the assistant has spoken. */
  continued = false;

  lastId(): string | null {
    return this.items.at(-1)?.id ?? null;
  }

  push(item: ConversationItem) {
    this.items.push(item);
  }

  find(itemId: string): ConversationItem | undefined {
    return this.items.find((item) => item.id === itemId);
  }

  /** As OpenAI does: the item leaves the context; false for an unknown id. */
  remove(itemId: string): boolean {
    const index = this.items.findIndex((item) => item.id === itemId);
    if (index < 0) return false;
    this.items.splice(index, 1);
    this.audio.delete(itemId);
    return true;
  }

  setAudio(itemId: string, audio: SpokenAudio) {
    this.audio.set(itemId, audio);
  }

  audioOf(itemId: string): SpokenAudio | undefined {
    return this.audio.get(itemId);
  }

  /**
   * What the user typed since the assistant last spoke, marking those user items answered; null when there is
   * no new user item or the assistant has not spoken yet (no tools before its first turn).
   */
  takeUserTurn(): string | null {
    const pending = this.items.filter(
      (i): i is MessageItem & { id: string } => i.type === 'message' && i.role === 'user' && !this.handledUserItems.has(i.id!),
    );
    const assistantSpoke = this.continued || this.items.some((i) => i.type === 'message' && i.role === 'assistant');
    for (const item of pending) this.handledUserItems.add(item.id);
    if (!assistantSpoke || pending.length === 0) return null;
    return pending
      .flatMap((i) => i.content)
      .filter((c) => c.type === 'input_text')
      .map((c) => (c.type === 'input_text' ? c.text : ''))
      .join(' ')
      .trim();
  }
}
