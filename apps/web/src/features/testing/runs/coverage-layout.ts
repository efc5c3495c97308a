// Where the coverage map's nodes go: an automatic layered layout (dagre) computed from the graph each time it
// is drawn — nothing about layout is stored. Only the run view's lazy chunk imports this.
import dagre from '@dagrejs/dagre'

import type { CoverageGraph } from '@/features/testing/runs/coverage-graph'

export const NODE_WIDTH = 200
export const NODE_HEIGHT = 60

export function layoutCoverage(graph: CoverageGraph): Map<string, { x: number; y: number }> {
  const g = new dagre.graphlib.Graph({ multigraph: false })
  g.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 70, marginx: 20, marginy: 20 })
  g.setDefaultEdgeLabel(() => ({}))
  for (const node of graph.nodes) g.setNode(node.name, { width: NODE_WIDTH, height: NODE_HEIGHT })
  for (const edge of graph.edges) if (edge.from !== edge.to) g.setEdge(edge.from, edge.to)
  dagre.layout(g)
  const positions = new Map<string, { x: number; y: number }>()
  for (const node of graph.nodes) {
    const placed = g.node(node.name) as { x: number; y: number } | undefined
    // dagre gives centres; React Flow places by the top-left corner.
    positions.set(node.name, { x: (placed?.x ?? 0) - NODE_WIDTH / 2, y: (placed?.y ?? 0) - NODE_HEIGHT / 2 })
  }
  return positions
}
