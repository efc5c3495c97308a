/**
 * A local stand-in for the OpenAI REST API (chat completions, embeddings, audio transcriptions), speaking
 * the real wire format, so tests drive the real `openai` SDK against it with OPENAI_BASE_URL.
 */

export interface RecordedRequest {
  path: string;
  body: any;
  authorization: string | null;
}

export interface FakeOpenAiRest {
  /** Base URL for the SDK (ends in /v1). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** What a chat completion answers; by default a JSON object in JSON mode, else a numbered sentence. */
  reply: (body: any) => string;
  transcriptText: string;
  /** The next `count` requests fail with this HTTP status and OpenAI's error body. */
  failNext(status: number, count?: number): void;
  chatRequests(): any[];
  stop(): void;
}

export const FAKE_EMBEDDING_DIMENSIONS = 1536;

const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Hashed bag of words: texts sharing words get similar vectors, like a real embedding would. */
function fakeEmbedding(text: string): Float32Array {
  const v = new Float32Array(FAKE_EMBEDDING_DIMENSIONS);
  for (const w of text.toLowerCase().match(/[a-z]{4,}/g) ?? []) {
    const h = fnv1a(w);
    v[h % FAKE_EMBEDDING_DIMENSIONS] += h & 0x80000000 ? -1 : 1;
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < v.length; i++) v[i] /= norm;
  return v;
}

const errorBody = (status: number, message: string) =>
  Response.json(
    {
      error: {
        message,
        type: status === 401 ? 'invalid_request_error' : status >= 500 ? 'server_error' : 'invalid_request_error',
        param: null,
        code: status === 401 ? 'invalid_api_key' : null,
      },
    },
    { status },
  );

export function startFakeOpenAiRest(): FakeOpenAiRest {
  let failures: { status: number; count: number } | null = null;
  let chatCount = 0;
  const fake: FakeOpenAiRest = {
    baseUrl: '',
    requests: [],
    transcriptText: 'The fake transcription of the feedback.',
    reply: (body) =>
      body.response_format?.type === 'json_object'
        ? JSON.stringify({
            name: `Fake Name ${chatCount}`,
            description: `Fake description ${chatCount}.`,
            profile: `Fake profile ${chatCount} who loves gardening.`,
          })
        : `Fake reply ${chatCount} from ${body.model}.`,
    failNext(status, count = 1) {
      failures = { status, count };
    },
    chatRequests: () => fake.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body),
    stop: () => server.stop(true),
  };

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname;
      const authorization = req.headers.get('authorization');
      const multipart = req.headers.get('content-type')?.startsWith('multipart/form-data');
      const body = multipart ? await req.formData() : await req.json().catch(() => null);
      fake.requests.push({ path, body, authorization });
      if (!authorization?.startsWith('Bearer ')) return errorBody(401, 'You did not provide an API key.');
      if (failures && failures.count > 0) {
        failures.count--;
        return errorBody(failures.status, 'The fake server was told to fail.');
      }
      if (req.method !== 'POST') return errorBody(404, 'Not found');

      if (path === '/v1/chat/completions') {
        if (!body?.model || !Array.isArray(body.messages)) return errorBody(400, "Missing required parameter: 'messages'.");
        chatCount++;
        const content = fake.reply(body);
        const promptTokens = estimateTokens(body.messages.map((m: any) => String(m.content)).join('\n'));
        const completionTokens = estimateTokens(content);
        return Response.json({
          id: `chatcmpl-fake${chatCount}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            { index: 0, message: { role: 'assistant', content, refusal: null, annotations: [] }, logprobs: null, finish_reason: 'stop' },
          ],
          usage: {
            prompt_tokens: promptTokens,
            completion_tokens: completionTokens,
            total_tokens: promptTokens + completionTokens,
            prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
            completion_tokens_details: {
              reasoning_tokens: 0,
              audio_tokens: 0,
              accepted_prediction_tokens: 0,
              rejected_prediction_tokens: 0,
            },
          },
          service_tier: 'default',
          system_fingerprint: 'fp_fake',
        });
      }

      if (path === '/v1/embeddings') {
        const inputs: unknown[] = Array.isArray(body?.input) ? body.input : [body?.input];
        if (!body?.model || inputs.some((x) => typeof x !== 'string' || x === '')) {
          return errorBody(400, "'$.input' is invalid. Please check the API reference.");
        }
        const base64 = body.encoding_format === 'base64';
        const data = (inputs as string[]).map((text, index) => {
          const v = fakeEmbedding(text);
          return { object: 'embedding', index, embedding: base64 ? Buffer.from(v.buffer).toString('base64') : Array.from(v) };
        });
        const tokens = (inputs as string[]).reduce((n, t) => n + estimateTokens(t), 0);
        return Response.json({ object: 'list', data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
      }

      if (path === '/v1/audio/transcriptions') {
        const form = body as FormData | null;
        const file = form?.get('file');
        if (!(file instanceof Blob) || !form?.get('model')) return errorBody(400, "Missing required parameter: 'file'.");
        if (file.size === 0) return errorBody(400, 'Audio file is empty.');
        const outputTokens = estimateTokens(fake.transcriptText);
        const inputTokens = Math.ceil(file.size / 1000);
        return Response.json({
          text: fake.transcriptText,
          usage: {
            type: 'tokens',
            input_tokens: inputTokens,
            input_token_details: { text_tokens: 0, audio_tokens: inputTokens },
            output_tokens: outputTokens,
            total_tokens: inputTokens + outputTokens,
          },
        });
      }
      return errorBody(404, `Invalid URL (POST ${path})`);
    },
  });
  fake.baseUrl = `http://127.0.0.1:${server.port}/v1`;
  return fake;
}
