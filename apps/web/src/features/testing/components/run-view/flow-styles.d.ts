// React Flow's stylesheet read as text (Bun's `with { type: 'text' }`), injected by the coverage map itself.
declare module '@xyflow/react/dist/style.css' {
  const text: string
  export default text
}
