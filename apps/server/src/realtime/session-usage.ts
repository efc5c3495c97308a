import type { RealtimeProviderKind } from '@hearth/protocol';
import type { AppDeps } from '../deps';
import { addTokens, costUsd, noTokens, tokensOfUsage, type TokenCounts } from '../features/costs/pricing';
import { log } from '../log';
import type { Identity } from '../plugins/auth';
import type { ModuleState } from './module-state';
import { insertVoiceSessionCost } from './repository';
import type { SessionSettings } from './session-config';

/** What a conversation cost so far: the model it was priced for and the USD of its tokens. */
export interface PricedUsage {
  provider: RealtimeProviderKind;
  model: string;
  responses: number;
  tokens: TokenCounts;
  costUsd: number;
}

/** What of a voice session its cost row is filed under (the module and version it ended with). */
export interface CostOwner {
  readonly id: string;
  readonly startedAt: Date;
  readonly identity: Identity;
  readonly deps: Pick<AppDeps, 'db'>;
  readonly modules: Pick<ModuleState, 'moduleName' | 'version'>;
  readonly settings: Pick<SessionSettings, 'page'>;
  cost(): PricedUsage;
}

/**
 * The usage the provider reported with each `response.done` of one voice session (PRODUCT §12), summed across its
 * upstream sessions (a renewal or rotation keeps the sum: one conversation), priced and stored once it ends.
 */
export class SessionUsage {
  private readonly tokens = noTokens();
  private responses = 0;

  /** `testRun`: the session is a test-run attempt's (its scratch member is no member). */
  constructor(private readonly testRun = false) {}

  add(response: unknown) {
    const usage = (response as { usage?: unknown } | undefined)?.usage;
    if (!usage) return;
    addTokens(this.tokens, tokensOfUsage(usage));
    this.responses++;
  }

  /** The local provider reports no usage and costs nothing, whatever it might send. */
  priced(upstream: { kind: RealtimeProviderKind; model?: string }, config: AppDeps['config']): PricedUsage {
    if (upstream.kind === 'local') return { provider: 'local', model: 'local', responses: 0, tokens: noTokens(), costUsd: 0 };
    const model = upstream.model ?? config.openaiRealtimeModel;
    const tokens = { ...this.tokens };
    return { provider: upstream.kind, model, responses: this.responses, tokens, costUsd: costUsd(config.priceTable, model, tokens) };
  }

  /** Stores the session's row. Never throws: the session is ending. */
  async store(session: CostOwner, endedAt: Date): Promise<void> {
    const { identity } = session;
    const source = this.testRun ? 'test_run' : identity.kind === 'staff' ? 'staff' : 'member';
    try {
      await insertVoiceSessionCost(session.deps.db, {
        sessionId: session.id,
        source,
        userId: source === 'member' ? identity.id : null,
        page: session.settings.page,
        moduleName: session.modules.moduleName || null,
        version: session.modules.version || null,
        ...session.cost(),
        startedAt: session.startedAt,
        endedAt,
      });
    } catch (error) {
      log.error('voice session cost not stored', { sessionId: session.id, error: (error as Error)?.name });
    }
  }
}
