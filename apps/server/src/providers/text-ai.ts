import OpenAI from 'openai';
import type { Config } from '../config';
import { log } from '../log';
import { ProviderUnavailable } from '../errors';
import { localText } from './text-ai-local';

// The types live in text-ai-types.ts so the local provider can use them without importing this file back.
import type { TextAi, TextTask } from './text-ai-types';
export type { NamedPromptTask, TextAi, TextTask } from './text-ai-types';

export { INPUT, PROFILE_SEPARATOR, composeInput, readInput, readJsonAnswer } from './text-input';

export function createTextAi(config: Config): TextAi {
  return config.openaiApiKey ? openAiText(config) : localText();
}

// ---- OpenAI ----

const EMBEDDING_MODEL = 'text-embedding-3-small';
const EMBEDDING_USD_PER_MTOKEN = 0.02;
const EMBEDDING_BATCH = 256;

// USD per million tokens (input, output), longest prefix first; unknown models are priced like a small one.
const CHAT_PRICES: Array<[string, number, number]> = [
  ['gpt-4.1-nano', 0.1, 0.4],
  ['gpt-4.1-mini', 0.4, 1.6],
  ['gpt-4.1', 2, 8],
  ['gpt-4o-mini', 0.15, 0.6],
  ['gpt-4o', 2.5, 10],
  ['gpt-5-nano', 0.05, 0.4],
  ['gpt-5-mini', 0.25, 2],
  ['gpt-5', 1.25, 10],
];

export function estimateChatCostUsd(model: string, promptTokens: number, completionTokens: number): number {
  const [, inPrice, outPrice] = CHAT_PRICES.find(([prefix]) => model.startsWith(prefix)) ?? ['', 0.4, 1.6];
  return (promptTokens * inPrice + completionTokens * outPrice) / 1_000_000;
}

const JSON_TASKS = new Set<TextTask>(['subgroup_naming', 'test_user_generation', 'judge_criterion', 'judge_transition']);

// Fixed format notes the server needs to read the answer; the admin-editable prompt comes first, unchanged.
const FORMAT_NOTES: Partial<Record<TextTask, string>> = {
  subgroup_naming: 'Answer with a JSON object: {"name": "<short name>", "description": "<one sentence>"}.',
  test_user_generation: 'Answer with a JSON object: {"name": "<first name>", "profile": "<the profile>"}.',
  convo_recap_sms: 'Write only the text message. Do not include any link or placeholder.',
  tagline_sms: 'Write only the tagline, on one line.',
  reminder_sms: 'Write only the text message. The server adds the link after your text: do not write a link or placeholder.',
  // PRODUCT §9: what the member shared in this module, for the admin's Users screen; never their words.
  quiz_summary:
    'Write one to three sentences, in the third person, about what the person shared in this module. ' +
    'Do not quote them and do not use quotation marks.',
  // Issue 10: read by the voice assistant that goes on with the conversation after a dropped connection.
  resume_summary: 'Write only the summary, in the third person, for the assistant. Do not use quotation marks.',
};

const DEFAULT_MAX_TOKENS: Record<TextTask, number> = {
  profile_for_group: 400,
  memory_document: 500,
  convo_recap_sms: 200,
  tagline_sms: 80,
  reminder_sms: 200,
  quiz_summary: 200,
  resume_summary: 250,
  subgroup_naming: 200,
  member_description: 120,
  test_user_generation: 300,
  second_model_reply: 200,
  simulated_member: 150,
  judge_criterion: 300,
  judge_transition: 300,
};

// Reasoning models refuse a temperature.
const acceptsTemperature = (model: string) => !/^(o\d|gpt-5)/.test(model);

function openAiText(config: Config): TextAi {
  const client = new OpenAI({ apiKey: config.openaiApiKey, baseURL: config.openaiBaseUrl, maxRetries: 2, timeout: 120_000 });
  const model = config.openaiTextModel;
  return {
    kind: 'openai',
    async complete({ task, instructions, input, temperature, maxTokens }) {
      const note = FORMAT_NOTES[task];
      try {
        const res = await client.chat.completions.create({
          model,
          messages: [
            { role: 'system', content: note ? `${instructions}\n\n${note}` : instructions },
            { role: 'user', content: input },
          ],
          max_completion_tokens: maxTokens ?? DEFAULT_MAX_TOKENS[task],
          ...(temperature !== undefined && acceptsTemperature(model) ? { temperature } : {}),
          ...(JSON_TASKS.has(task) ? { response_format: { type: 'json_object' as const } } : {}),
        });
        const text = res.choices[0]?.message?.content?.trim() ?? '';
        if (!text) throw new Error('empty answer');
        const usage = res.usage;
        return { text, costUsd: estimateChatCostUsd(res.model || model, usage?.prompt_tokens ?? 0, usage?.completion_tokens ?? 0) };
      } catch (err) {
        throw providerFailure(err, task);
      }
    },
    async embed(texts) {
      const vectors: number[][] = [];
      let tokens = 0;
      try {
        for (let i = 0; i < texts.length; i += EMBEDDING_BATCH) {
          // The API refuses empty strings.
          const batch = texts.slice(i, i + EMBEDDING_BATCH).map((t) => t.trim() || '(empty)');
          const res = await client.embeddings.create({ model: EMBEDDING_MODEL, input: batch });
          const byIndex = [...res.data].sort((a, b) => a.index - b.index);
          for (const d of byIndex) vectors.push(Array.from(d.embedding));
          tokens += res.usage?.prompt_tokens ?? 0;
        }
      } catch (err) {
        throw providerFailure(err, 'embeddings');
      }
      if (vectors.length !== texts.length) throw providerFailure(new Error('wrong number of embeddings'), 'embeddings');
      return { vectors, costUsd: (tokens * EMBEDDING_USD_PER_MTOKEN) / 1_000_000 };
    },
  };
}

function providerFailure(err: unknown, task: string) {
  const status = (err as { status?: number }).status;
  log.warn('text provider failed', { task, status, error: (err as Error)?.name });
  return new ProviderUnavailable('The AI provider has problems right now. Please try again later.');
}
