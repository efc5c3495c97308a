import { PostgresQueryCompiler, type KyselyPlugin } from 'kysely';

/**
 * Records the SQL of every statement sent through a Kysely instance (`db.withPlugin(recordStatements(list))`):
 * an observer only, the statements run unchanged. Tests count round trips with it.
 */
export function recordStatements(into: string[]): KyselyPlugin {
  const compiler = new PostgresQueryCompiler();
  return {
    transformQuery: ({ node, queryId }) => (into.push(compiler.compileQuery(node, queryId).sql), node),
    transformResult: async ({ result }) => result,
  };
}
