/**
 * What realtime conversations cost (PRODUCT §12): the provider's usage reports (`response.done`'s `response.usage`)
 * priced per model from a table in USD per million tokens. The defaults are OpenAI's list prices as of late 2025;
 * `PRICE_TABLE` (JSON, merged over them) corrects or adds models. Pure: the relay, the test runs and the
 * configuration use it alike.
 */

export const PRICE_KINDS = ['textIn', 'cachedTextIn', 'audioIn', 'cachedAudioIn', 'textOut', 'audioOut'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/** USD per 1M tokens of each kind. */
export type ModelPrices = Record<PriceKind, number>;
export type PriceTable = Record<string, ModelPrices>;

export const DEFAULT_PRICES: PriceTable = {
  'gpt-realtime': { textIn: 4, cachedTextIn: 0.4, audioIn: 32, cachedAudioIn: 0.4, textOut: 16, audioOut: 64 },
  // Not published when these defaults were written: gpt-realtime's prices until PRICE_TABLE says otherwise.
  'gpt-realtime-2': { textIn: 4, cachedTextIn: 0.4, audioIn: 32, cachedAudioIn: 0.4, textOut: 16, audioOut: 64 },
  'gpt-realtime-mini': { textIn: 0.6, cachedTextIn: 0.06, audioIn: 10, cachedAudioIn: 0.3, textOut: 2.4, audioOut: 20 },
  'gpt-4o-realtime-preview': { textIn: 5, cachedTextIn: 2.5, audioIn: 40, cachedAudioIn: 2.5, textOut: 20, audioOut: 80 },
  'gpt-4o-mini-realtime-preview': { textIn: 0.6, cachedTextIn: 0.3, audioIn: 10, cachedAudioIn: 0.3, textOut: 2.4, audioOut: 20 },
};

/** The model a name without a price falls back to (logged at start, see `unpricedModel`). */
export const FALLBACK_MODEL = 'gpt-realtime';

/** The table `PRICE_TABLE` makes: its models merged over the defaults, field by field. Throws a readable message. */
export function parsePriceTable(raw: string | undefined): PriceTable {
  const table: PriceTable = structuredClone(DEFAULT_PRICES);
  if (!raw?.trim()) return table;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('PRICE_TABLE must be JSON such as {"gpt-realtime":{"audioIn":32,"audioOut":64}} (USD per 1M tokens)');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('PRICE_TABLE must be a JSON object of models');
  for (const [model, given] of Object.entries(parsed as Record<string, unknown>)) {
    if (!given || typeof given !== 'object' || Array.isArray(given)) throw new Error(`PRICE_TABLE: "${model}" must be an object of prices`);
    const base = table[model];
    const prices: Partial<ModelPrices> = { ...base };
    for (const [kind, value] of Object.entries(given as Record<string, unknown>)) {
      if (!(PRICE_KINDS as readonly string[]).includes(kind))
        throw new Error(`PRICE_TABLE: "${model}" has an unknown price "${kind}" (known: ${PRICE_KINDS.join(', ')})`);
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
        throw new Error(`PRICE_TABLE: "${model}".${kind} must be a non-negative number of USD per 1M tokens`);
      prices[kind as PriceKind] = value;
    }
    const missing = PRICE_KINDS.filter((kind) => prices[kind] === undefined);
    if (missing.length) throw new Error(`PRICE_TABLE: the new model "${model}" needs every price (missing: ${missing.join(', ')})`);
    table[model] = prices as ModelPrices;
  }
  return table;
}

/** The table's entry for a model: its own, else the longest name it extends (a dated snapshot such as gpt-realtime-2025-08-28). */
export function pricedModel(table: PriceTable, model: string): string | null {
  if (table[model]) return model;
  let best: string | null = null;
  for (const name of Object.keys(table)) {
    if (model.startsWith(`${name}-`) && (!best || name.length > best.length)) best = name;
  }
  return best;
}

/** A model the table has no price for, or null (the start logs it; such a model is priced as FALLBACK_MODEL). */
export function unpricedModel(table: PriceTable, model: string): string | null {
  return pricedModel(table, model) ? null : model;
}

/** Token counts of a conversation by kind; cached counts are part of the input counts, as the provider reports them. */
export interface TokenCounts {
  textIn: number;
  cachedTextIn: number;
  audioIn: number;
  cachedAudioIn: number;
  textOut: number;
  audioOut: number;
}

export const noTokens = (): TokenCounts => ({ textIn: 0, cachedTextIn: 0, audioIn: 0, cachedAudioIn: 0, textOut: 0, audioOut: 0 });

type Usage = {
  input_tokens?: unknown;
  output_tokens?: unknown;
  input_token_details?: {
    text_tokens?: unknown;
    audio_tokens?: unknown;
    cached_tokens?: unknown;
    cached_tokens_details?: { text_tokens?: unknown; audio_tokens?: unknown };
  };
  output_token_details?: { text_tokens?: unknown; audio_tokens?: unknown };
};

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);

/**
 * The token counts of one `response.usage` (GA shape). Without details, the totals count as text; a cached count
 * without its split counts as cached text first (the older reports), never more than was sent.
 */
export function tokensOfUsage(usage: unknown): TokenCounts {
  if (!usage || typeof usage !== 'object') return noTokens();
  const u = usage as Usage;
  const input = u.input_token_details;
  const output = u.output_token_details;
  const textIn = input ? count(input.text_tokens) : count(u.input_tokens);
  const audioIn = input ? count(input.audio_tokens) : 0;
  const split = input?.cached_tokens_details;
  let cachedTextIn: number;
  let cachedAudioIn: number;
  if (split) {
    cachedTextIn = Math.min(textIn, count(split.text_tokens));
    cachedAudioIn = Math.min(audioIn, count(split.audio_tokens));
  } else {
    const cached = count(input?.cached_tokens);
    cachedTextIn = Math.min(textIn, cached);
    cachedAudioIn = Math.min(audioIn, cached - cachedTextIn);
  }
  return {
    textIn,
    cachedTextIn,
    audioIn,
    cachedAudioIn,
    textOut: output ? count(output.text_tokens) : count(u.output_tokens),
    audioOut: output ? count(output.audio_tokens) : 0,
  };
}

export function addTokens(sum: TokenCounts, more: TokenCounts): void {
  for (const kind of PRICE_KINDS) sum[kind] += more[kind];
}

/** USD of these tokens on `model`: cached input at the cached price, the rest of the input at the full one. */
export function costUsd(table: PriceTable, model: string, t: TokenCounts): number {
  const p = table[pricedModel(table, model) ?? FALLBACK_MODEL] ?? DEFAULT_PRICES[FALLBACK_MODEL];
  const perToken =
    (t.textIn - t.cachedTextIn) * p.textIn +
    t.cachedTextIn * p.cachedTextIn +
    (t.audioIn - t.cachedAudioIn) * p.audioIn +
    t.cachedAudioIn * p.cachedAudioIn +
    t.textOut * p.textOut +
    t.audioOut * p.audioOut;
  return perToken / 1_000_000;
}
