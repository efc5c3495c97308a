// What a text provider is, shared by text-ai.ts (which picks one) and both providers.

/** The text tasks of PRODUCT §5; the local provider picks its deterministic algorithm by task. */
export type TextTask =
  | 'profile_for_group'
  | 'memory_document'
  | 'convo_recap_sms'
  | 'tagline_sms'
  | 'reminder_sms'
  | 'quiz_summary'
  | 'subgroup_naming'
  | 'member_description'
  | 'test_user_generation'
  | 'resume_summary'
  | 'second_model_reply'
  // Test runs (PRODUCT §10): fixed instructions in code, not admin-editable.
  | 'simulated_member'
  | 'judge_criterion'
  | 'judge_transition';

/** Tasks whose instructions are not a named prompt of /system-prompts. */
export type FixedInstructionTask = 'second_model_reply' | 'simulated_member' | 'judge_criterion' | 'judge_transition';
/** Tasks that read their instructions from /system-prompts. */
export type NamedPromptTask = Exclude<TextTask, FixedInstructionTask>;

export interface TextAi {
  kind: 'openai' | 'local';
  /** `instructions` is the admin-editable prompt of /system-prompts; `input` the material to work on. */
  complete(req: {
    task: TextTask;
    instructions: string;
    input: string;
    temperature?: number;
    maxTokens?: number;
  }): Promise<{ text: string; costUsd: number }>;
  /** One vector per text (OpenAI embeddings, or local TF-IDF over the batch). */
  embed(texts: string[]): Promise<{ vectors: number[][]; costUsd: number }>;
}
