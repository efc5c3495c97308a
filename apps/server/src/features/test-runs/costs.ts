/**
 * What a realtime response cost, from its response.done `usage` (OpenAI; the local provider reports none: $0).
 * Per million tokens, gpt-realtime's list prices: text in $4 (cached $0.40), text out $16, audio in $32, audio out $64.
 */
const PER_TOKEN = { textIn: 4e-6, cachedIn: 0.4e-6, textOut: 16e-6, audioIn: 32e-6, audioOut: 64e-6 };

type Usage = {
  input_tokens?: number;
  output_tokens?: number;
  input_token_details?: { text_tokens?: number; audio_tokens?: number; cached_tokens?: number };
  output_token_details?: { text_tokens?: number; audio_tokens?: number };
};

export function realtimeCostUsd(usage: unknown): number {
  if (!usage || typeof usage !== 'object') return 0;
  const u = usage as Usage;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);
  const cached = n(u.input_token_details?.cached_tokens);
  const audioIn = n(u.input_token_details?.audio_tokens);
  const textIn = u.input_token_details ? n(u.input_token_details.text_tokens) : n(u.input_tokens);
  const audioOut = n(u.output_token_details?.audio_tokens);
  const textOut = u.output_token_details ? n(u.output_token_details.text_tokens) : n(u.output_tokens);
  return (
    Math.max(0, textIn - cached) * PER_TOKEN.textIn +
    cached * PER_TOKEN.cachedIn +
    audioIn * PER_TOKEN.audioIn +
    textOut * PER_TOKEN.textOut +
    audioOut * PER_TOKEN.audioOut
  );
}
