import { describe, expect, test } from 'bun:test';
import { costUsd, DEFAULT_PRICES, pricedModel, tokensOfUsage, unpricedModel } from './pricing';

// The pricing of one usage report (features/costs/pricing.ts): the shapes OpenAI has sent, and the model lookup.

describe('tokensOfUsage', () => {
  test('the GA shape: cached tokens split into text and audio', () => {
    const tokens = tokensOfUsage({
      input_tokens: 300,
      output_tokens: 50,
      input_token_details: {
        text_tokens: 100,
        audio_tokens: 200,
        cached_tokens: 90,
        cached_tokens_details: { text_tokens: 60, audio_tokens: 30 },
      },
      output_token_details: { text_tokens: 10, audio_tokens: 40 },
    });
    expect(tokens).toEqual({ textIn: 100, cachedTextIn: 60, audioIn: 200, cachedAudioIn: 30, textOut: 10, audioOut: 40 });
  });

  test('a cached count without its split is text first, then audio, never more than was sent', () => {
    const usage = { input_token_details: { text_tokens: 50, audio_tokens: 200, cached_tokens: 120 }, output_token_details: {} };
    expect(tokensOfUsage(usage)).toMatchObject({ textIn: 50, cachedTextIn: 50, audioIn: 200, cachedAudioIn: 70 });
    expect(tokensOfUsage({ input_token_details: { text_tokens: 10, cached_tokens: 999 } })).toMatchObject({
      cachedTextIn: 10,
      cachedAudioIn: 0,
    });
  });

  test('totals without details count as text; nonsense counts nothing', () => {
    expect(tokensOfUsage({ input_tokens: 7, output_tokens: 3 })).toEqual({
      textIn: 7,
      cachedTextIn: 0,
      audioIn: 0,
      cachedAudioIn: 0,
      textOut: 3,
      audioOut: 0,
    });
    expect(tokensOfUsage({ input_tokens: -5, output_tokens: 'x' })).toMatchObject({ textIn: 0, textOut: 0 });
    expect(tokensOfUsage(null)).toMatchObject({ textIn: 0, audioOut: 0 });
  });
});

describe('costUsd', () => {
  test('a million tokens of each kind costs the table price of each', () => {
    const million = { textIn: 1e6, cachedTextIn: 0, audioIn: 0, cachedAudioIn: 0, textOut: 0, audioOut: 0 };
    expect(costUsd(DEFAULT_PRICES, 'gpt-realtime', million)).toBe(4);
    expect(costUsd(DEFAULT_PRICES, 'gpt-realtime-mini', { ...million, textIn: 0, audioOut: 1e6 })).toBe(20);
    // All of it cached: the cached price.
    expect(costUsd(DEFAULT_PRICES, 'gpt-realtime', { ...million, textIn: 0, audioIn: 1e6, cachedAudioIn: 1e6 })).toBeCloseTo(0.4, 10);
  });

  test('dated snapshots take their model’s price; an unknown model is priced as gpt-realtime and reported', () => {
    expect(pricedModel(DEFAULT_PRICES, 'gpt-realtime-mini-2025-10-06')).toBe('gpt-realtime-mini');
    expect(pricedModel(DEFAULT_PRICES, 'gpt-realtime-2025-08-28')).toBe('gpt-realtime');
    expect(pricedModel(DEFAULT_PRICES, 'gpt-realtimex')).toBeNull();
    expect(unpricedModel(DEFAULT_PRICES, 'someone-elses-model')).toBe('someone-elses-model');
    const tokens = { textIn: 0, cachedTextIn: 0, audioIn: 0, cachedAudioIn: 0, textOut: 0, audioOut: 1e6 };
    expect(costUsd(DEFAULT_PRICES, 'someone-elses-model', tokens)).toBe(64);
  });
});
