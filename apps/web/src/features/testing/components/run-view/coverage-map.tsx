// The coverage map (PRODUCT §10): the version's prompts as nodes and its `next` edges, with the transitions taken
// that the JSON does not name drawn dashed; each node shows the share of attempts that reached it, each edge the
// share that took it and how its transitions were judged (premature / on time / missed). React Flow renders only
// what is in view, so a sequence of 200 prompts stays usable; the table beside it carries the same numbers.
import { useEffect, useMemo, useRef } from 'react'
import {
  Background,
  Controls,
  type Edge,
  type FitViewOptions,
  MarkerType,
  type Node,
  ReactFlow,
  useReactFlow,
  useStore,
} from '@xyflow/react'
import flowCss from '@xyflow/react/dist/style.css' with { type: 'text' }

import type { CoverageGraph } from '@/features/testing/runs/coverage-graph'
import { layoutCoverage, NODE_HEIGHT, NODE_WIDTH } from '@/features/testing/runs/coverage-layout'
import { formatShare } from '@/features/testing/runs/run-text'

/** From this many prompts on, only what is in view is rendered and the map opens on the first prompts. */
const LARGE_GRAPH = 40

// React Flow's own stylesheet, added once when the map first shows, so no other screen downloads it.
function useFlowStyles() {
  if (typeof document === 'undefined' || document.getElementById('xyflow-styles')) return
  const style = document.createElement('style')
  style.id = 'xyflow-styles'
  style.textContent = flowCss
  document.head.append(style)
}

export function CoverageMap({ graph, label }: { graph: CoverageGraph; label: string }) {
  useFlowStyles()
  const { nodes, edges } = useMemo(() => toFlow(graph), [graph])
  // A big sequence fitted whole is unreadably small: open on its first prompts; the fit-view button shows all.
  const fitOptions = useMemo<FitViewOptions>(
    () => (nodes.length > LARGE_GRAPH ? { nodes: nodes.slice(0, 8).map((n) => ({ id: n.id })), maxZoom: 1 } : { maxZoom: 1.2 }),
    [nodes],
  )
  return (
    <div
      className="h-[28rem] w-full overflow-hidden rounded-lg border bg-background sm:h-[34rem] [&_.react-flow__handle]:opacity-0"
      data-testid="coverage-map"
    >
      <ReactFlow
        aria-label={label}
        nodes={nodes}
        edges={edges}
        fitView
        fitViewOptions={fitOptions}
        minZoom={0.05}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        onlyRenderVisibleElements={graph.nodes.length > LARGE_GRAPH}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} position="top-right" />
        <RefitOnResize options={fitOptions} />
      </ReactFlow>
    </div>
  )
}

/** The map fits its view again when its box changes size (a window turned or resized), so it never shows empty. */
function RefitOnResize({ options }: { options: FitViewOptions }) {
  const { fitView } = useReactFlow()
  const width = useStore((state) => state.width)
  const height = useStore((state) => state.height)
  const first = useRef(true)
  useEffect(() => {
    if (width === 0 || height === 0) return
    // The first size is fitted by the fitView prop.
    if (first.current) {
      first.current = false
      return
    }
    void fitView(options)
  }, [width, height, fitView, options])
  return null
}

function toFlow(graph: CoverageGraph): { nodes: Node[]; edges: Edge[] } {
  const positions = layoutCoverage(graph)
  const nodes: Node[] = graph.nodes.map((node) => {
    const reach = node.share ?? 0
    return {
      id: node.name,
      position: positions.get(node.name) ?? { x: 0, y: 0 },
      data: {
        label: (
          <span className="grid gap-0.5 text-center">
            <span className="truncate font-mono text-xs font-medium">{node.name}</span>
            <span className="text-xs">reached {formatShare(node.share)}</span>
          </span>
        ),
      },
      ariaLabel: `${node.name}: reached by ${formatShare(node.share)} of attempts${node.inJson ? '' : ', not in this version'}`,
      style: {
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        borderStyle: node.inJson ? 'solid' : 'dashed',
        // Unreached prompts fade; reached ones take the brand colour in proportion.
        background: reach > 0 ? `color-mix(in oklab, var(--primary) ${Math.round(8 + reach * 30)}%, var(--card))` : 'var(--card)',
        color: 'var(--card-foreground)',
        borderColor: reach > 0 ? 'var(--primary)' : 'var(--border)',
        opacity: reach > 0 ? 1 : 0.7,
      },
    }
  })
  const edges: Edge[] = graph.edges.map((edge) => {
    const judged = edge.premature + edge.onTime + edge.missed > 0
    return {
      id: edge.id,
      source: edge.from,
      target: edge.to,
      label: `${formatShare(edge.share)}${judged ? ` · ${edge.premature}/${edge.onTime}/${edge.missed}` : ''}`,
      ariaLabel: `${edge.from} to ${edge.to}: taken by ${formatShare(edge.share)}`,
      markerEnd: {
        type: MarkerType.ArrowClosed,
        markerUnits: 'userSpaceOnUse',
        width: 14,
        height: 14,
        color: edge.taken > 0 ? 'var(--primary)' : 'var(--muted-foreground)',
      },
      animated: false,
      style: {
        strokeDasharray: edge.inJson ? undefined : '6 4',
        strokeWidth: 1 + Math.min(3, (edge.share ?? 0) * 3),
        stroke: edge.taken > 0 ? 'var(--primary)' : 'var(--muted-foreground)',
      },
      labelStyle: { fontSize: 11 },
    }
  })
  return { nodes, edges }
}
