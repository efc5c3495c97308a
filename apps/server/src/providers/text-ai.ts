import type { Config } from '../config';

export interface TextAi {
  kind: 'openai' | 'local';
}

export function createTextAi(_config: Config): TextAi {
  return { kind: 'local' };
}
