import {
  MAX_OUTPUT_TOKENS,
  SAMPLE_RATE,
  STAFF_DEFAULT_VOICE,
  TEMPERATURE_DEFAULT,
  USER_PAGE_VOICE,
  VOICES,
  defaultTurnDetection,
  DEFAULT_REASONING_EFFORT,
  sequenceTurnDetection,
  type ClientSessionSettings,
  type ReasoningEffort,
  type RealtimeSessionConfig,
  type SemanticVad,
  type SequenceTurnDetection,
  type ServerVad,
  type TurnDetection,
  type Voice,
  type VoicePage,
} from '@hearth/protocol';
import type { HearthServerEvent, RealtimeProviderKind } from '@hearth/protocol';
import { clampTemperature } from './client-events';
import type { ModuleState } from './module-state';
import { toolDefinitions } from './tools';
import { acceptsReasoning, type Upstream } from './upstream';

/** The settings of one voice session that the server owns, and the GA `session.update` composed from them. */
export interface SessionSettings {
  page: VoicePage;
  voice: Voice;
  turnDetection: TurnDetection;
  /** What the session started with (the page's defaults and its sequence's setting); members always get it back. */
  startTurnDetection?: ServerVad | SemanticVad;
  temperature: number;
  /** 'text': answers as text only, no audio out (server-side test runs, PRODUCT §10); default 'audio'. */
  modality?: 'audio' | 'text';
}

const PCM = { type: 'audio/pcm', rate: SAMPLE_RATE } as const;

/**
 * Page defaults (SPEC §7/§9), with the voice and temperature a staff page asked for in the /ws URL and the turn
 * detection its sequence stores (PUT /api/sequence-settings; server VAD when it stores none).
 */
export function initialSettings(
  page: VoicePage,
  requested: { voice?: string | null; temperature?: string | null },
  sequence?: SequenceTurnDetection | null,
): SessionSettings {
  const staff = page !== 'user';
  const voice = requested.voice && (VOICES as readonly string[]).includes(requested.voice) ? (requested.voice as Voice) : undefined;
  const temperature = Number(requested.temperature);
  return {
    page,
    voice: staff ? (voice ?? STAFF_DEFAULT_VOICE) : USER_PAGE_VOICE,
    turnDetection: sequenceTurnDetection(page, sequence),
    startTurnDetection: sequenceTurnDetection(page, sequence),
    temperature: staff && requested.temperature && Number.isFinite(temperature) ? clampTemperature(temperature) : TEMPERATURE_DEFAULT,
  };
}

/**
 * The effort a reasoning model is sent for the active prompt: the prompt's own, else the model's default, so an
 * earlier prompt's effort does not stick. Null for a model that takes none (upstream.ts `acceptsReasoning`).
 */
export function reasoningEffortFor(upstream: Pick<Upstream, 'kind' | 'model'>, modules: ModuleState): ReasoningEffort | null {
  return acceptsReasoning(upstream) ? (modules.reasoningEffort ?? DEFAULT_REASONING_EFFORT) : null;
}

/** What goes upstream when the prompt changes (change_prompt, a module change): instructions and the prompt's effort. */
export function promptSession(instructions: string, effort: ReasoningEffort | null): RealtimeSessionConfig {
  return { type: 'realtime', instructions, ...(effort ? { reasoning: { effort } } : {}) };
}

/**
 * What goes upstream when the prompt changes, and with `page` when the module changes: then its tools too (a module
 * may offer the loneliness scale, issue 24).
 */
export function promptUpdate(modules: ModuleState, effort: ReasoningEffort | null, page?: VoicePage): RealtimeSessionConfig {
  const session = promptSession(modules.instructions(), effort);
  return page ? { ...session, tools: toolDefinitions(page, modules.wellbeing) } : session;
}

/**
 * The whole session the server sends upstream first. `temperature` is dropped by the OpenAI upstream (GA has none).
 * `wellbeing`: the module offers the loneliness scale's tool.
 */
export function composeSession(
  settings: SessionSettings,
  instructions: string,
  transcriptionModel: string,
  effort: ReasoningEffort | null = null,
  wellbeing = false,
): RealtimeSessionConfig {
  const text = settings.modality === 'text';
  return {
    ...promptSession(instructions, effort),
    tools: toolDefinitions(settings.page, wellbeing),
    tool_choice: 'auto',
    output_modalities: [text ? 'text' : 'audio'],
    max_output_tokens: MAX_OUTPUT_TOKENS,
    audio: {
      input: {
        format: PCM,
        transcription: { model: transcriptionModel },
        turn_detection: settings.turnDetection,
      },
      ...(text ? {} : { output: { format: PCM, voice: settings.voice } }),
    },
    temperature: settings.temperature,
  };
}

/**
 * A page's `session.update` changes what the server remembers of the session (its later updates start from it);
 * returns the update to send upstream. Members switch between push-to-talk and voice activity but do not pick the
 * detector: any detection they send becomes the session's own again.
 */
export function applySessionUpdate(settings: SessionSettings, update: ClientSessionSettings): ClientSessionSettings {
  const { audio, temperature } = update;
  let applied = update;
  if (audio?.input && 'turn_detection' in audio.input) {
    let turnDetection = audio.input.turn_detection ?? null;
    if (settings.page === 'user' && turnDetection) {
      turnDetection = { ...(settings.startTurnDetection ?? defaultTurnDetection('user')) };
      applied = { ...update, audio: { ...audio, input: { ...audio.input, turn_detection: turnDetection } } };
    }
    settings.turnDetection = turnDetection;
  }
  if (audio?.output?.voice) settings.voice = audio.output.voice;
  if (temperature !== undefined) settings.temperature = temperature;
  return applied;
}

/** What the page is told of its session (`hearth.session`): provider, module, version, prompt, instructions, voice. */
export function sessionInfo(
  provider: RealtimeProviderKind,
  modules: ModuleState,
  settings: SessionSettings,
  reasoningEffort: ReasoningEffort | null,
): HearthServerEvent {
  return {
    type: 'hearth.session',
    provider,
    module: modules.moduleName,
    version: modules.version,
    versions: modules.versions,
    modules: modules.modules,
    prompt: modules.promptName,
    instructions: modules.instructions(),
    voice: settings.voice,
    turnDetection: settings.turnDetection,
    reasoningEffort,
  };
}
