// The coverage map's data (PRODUCT §10 "Coverage and transitions"): the version's prompts as nodes and each
// `next` as an edge, overlaid with what the run's attempts did — transitions taken that the JSON does not name are
// edges of their own (drawn dashed), prompts reached that the version lacks are nodes of their own. Pure, so the
// map and its table alternative show the same numbers.
import type { GraphPrompt, RunCoverage } from '@/features/testing/runs-api'

export interface CoverageNode {
  name: string
  /** Attempts that reached the prompt. */
  reached: number
  /** reached / attempts; null when no attempt ran. */
  share: number | null
  /** False for a prompt the run reached that the version's JSON does not have. */
  inJson: boolean
  trigger: string
}

export interface CoverageEdge {
  id: string
  from: string
  to: string
  /** The JSON's `next`; false for a transition taken that the JSON does not name (drawn dashed). */
  inJson: boolean
  taken: number
  share: number | null
  premature: number
  onTime: number
  missed: number
}

export interface CoverageGraph {
  attempts: number
  nodes: CoverageNode[]
  edges: CoverageEdge[]
}

const edgeId = (from: string, to: string) => `${from}\u2192${to}`

export function buildCoverageGraph(prompts: GraphPrompt[], coverage: RunCoverage): CoverageGraph {
  const attempts = coverage.attempts
  const share = (n: number) => (attempts > 0 ? n / attempts : null)
  const nodes = new Map<string, CoverageNode>()
  const addNode = (name: string, inJson: boolean, trigger = '') => {
    if (!nodes.has(name))
      nodes.set(name, { name, reached: coverage.prompts[name] ?? 0, share: share(coverage.prompts[name] ?? 0), inJson, trigger })
  }
  for (const prompt of prompts) addNode(prompt.name, true, prompt.trigger)

  const edges = new Map<string, CoverageEdge>()
  const addEdge = (from: string, to: string, inJson: boolean) => {
    const id = edgeId(from, to)
    if (edges.has(id)) return
    addNode(from, false)
    addNode(to, false)
    edges.set(id, { id, from, to, inJson, taken: 0, share: share(0), premature: 0, onTime: 0, missed: 0 })
  }
  for (const prompt of prompts) if (prompt.next.trim()) addEdge(prompt.name, prompt.next.trim(), true)
  for (const edge of coverage.edges) {
    addEdge(edge.from, edge.to, false)
    const found = edges.get(edgeId(edge.from, edge.to))!
    found.taken = edge.taken
    found.share = share(edge.taken)
  }
  for (const t of coverage.transitions) {
    addEdge(t.from, t.to, false)
    const found = edges.get(edgeId(t.from, t.to))!
    found.premature = t.premature
    found.onTime = t.onTime
    found.missed = t.missed
  }
  for (const name of Object.keys(coverage.prompts)) addNode(name, false)
  return { attempts, nodes: [...nodes.values()], edges: [...edges.values()] }
}

/** One row of the table alternative: a prompt, its reach and its outgoing edges. */
export interface CoverageRow {
  node: CoverageNode
  outgoing: CoverageEdge[]
}

export function coverageRows(graph: CoverageGraph): CoverageRow[] {
  return graph.nodes.map((node) => ({ node, outgoing: graph.edges.filter((edge) => edge.from === node.name) }))
}

/** "premature 1 · on time 4 · missed 0", or "" when no transition on the edge was judged. */
export function verdictText(edge: Pick<CoverageEdge, 'premature' | 'onTime' | 'missed'>) {
  if (edge.premature + edge.onTime + edge.missed === 0) return ''
  return `premature ${edge.premature} · on time ${edge.onTime} · missed ${edge.missed}`
}
