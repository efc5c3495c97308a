/**
 * A real OTLP/HTTP trace collector on 127.0.0.1 for tests and benches: it takes POST /v1/traces in either encoding
 * the specification allows (http/protobuf, the default, and http/json) and gives the spans back in the JSON shape
 * (opentelemetry-proto's JSON mapping), so a test reads them the same way whatever the exporter sent. The protobuf
 * side is a small wire-format reader of the fields Hearth's spans use (opentelemetry-proto trace/v1, common/v1).
 */

export type OtlpValue = { stringValue?: string; boolValue?: boolean; intValue?: number; doubleValue?: number };
export type OtlpAttribute = { key: string; value: OtlpValue };
export type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  traceState?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpAttribute[];
  droppedAttributesCount?: number;
};
export type OtlpRequest = {
  resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
};

export interface OtlpCollector {
  url: string;
  /**
   * Each request taken: its Content-Type and Content-Encoding, the headers a deployment sets (OTEL_EXPORTER_OTLP_HEADERS),
   * and its body as text (gunzipped; protobuf's strings are readable in it).
   */
  received: { contentType: string; contentEncoding: string; headers: Headers; text: string; request: OtlpRequest }[];
  /** Requests answered with an error instead (status), in order: what a test asked of failNext. */
  refused: number[];
  /** Answer the next `times` requests with this status (and Retry-After, when given) instead of taking them. */
  failNext(status: number, times?: number, retryAfter?: string): void;
  spans(): OtlpSpan[];
  resources(): OtlpRequest['resourceSpans'][number]['resource'][];
  scopes(): string[];
  stop(): void;
}

export function startOtlpCollector(): OtlpCollector {
  const received: OtlpCollector['received'] = [];
  const refused: number[] = [];
  const failures: { status: number; retryAfter?: string }[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      if (req.method !== 'POST' || new URL(req.url).pathname !== '/v1/traces') return new Response('not found', { status: 404 });
      const failure = failures.shift();
      if (failure) {
        refused.push(failure.status);
        const headers: Record<string, string> = failure.retryAfter === undefined ? {} : { 'retry-after': failure.retryAfter };
        return new Response('refused by the test', { status: failure.status, headers });
      }
      const contentType = req.headers.get('content-type') ?? '';
      const contentEncoding = req.headers.get('content-encoding') ?? '';
      const raw = new Uint8Array(await req.arrayBuffer());
      const body = contentEncoding === 'gzip' ? Bun.gunzipSync(raw) : raw;
      const text = new TextDecoder().decode(body);
      const taken = { contentType, contentEncoding, headers: req.headers };
      if (contentType.startsWith('application/x-protobuf')) {
        received.push({ ...taken, text, request: decodeExportRequest(body) });
        return new Response(new Uint8Array(0), { headers: { 'content-type': 'application/x-protobuf' } });
      }
      received.push({ ...taken, text, request: JSON.parse(text) });
      return Response.json({});
    },
  });
  const all = () => received.flatMap((r) => r.request.resourceSpans);
  return {
    url: `http://127.0.0.1:${server.port}`,
    received,
    refused,
    failNext: (status, times = 1, retryAfter) => {
      for (let i = 0; i < times; i++) failures.push({ status, retryAfter });
    },
    spans: () => all().flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
    resources: () => all().map((r) => r.resource),
    scopes: () => all().flatMap((r) => r.scopeSpans.map((s) => s.scope.name)),
    stop: () => server.stop(true),
  };
}

/** An attribute's value, whichever of its kinds it holds. */
export function attributeOf(span: OtlpSpan, key: string): string | number | boolean | undefined {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? (Object.values(value)[0] as string | number | boolean) : undefined;
}

// ---- the protobuf wire format (protobuf.dev/programming-guides/encoding) ----

type Field = { field: number; wire: number; varint: bigint; bytes: Uint8Array };

function* fields(buf: Uint8Array): Generator<Field> {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let pos = 0;
  const varint = () => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = buf[pos++];
      if (byte === undefined) throw new Error('protobuf: truncated varint');
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  };
  while (pos < buf.length) {
    const key = Number(varint());
    const field = key >>> 3;
    const wire = key & 7;
    if (wire === 0) yield { field, wire, varint: varint(), bytes: new Uint8Array(0) };
    else if (wire === 1) {
      const bytes = buf.subarray(pos, pos + 8);
      yield { field, wire, varint: view.getBigUint64(pos, true), bytes };
      pos += 8;
    } else if (wire === 2) {
      const length = Number(varint());
      yield { field, wire, varint: 0n, bytes: buf.subarray(pos, pos + length) };
      pos += length;
    } else if (wire === 5) {
      yield { field, wire, varint: BigInt(view.getUint32(pos, true)), bytes: buf.subarray(pos, pos + 4) };
      pos += 4;
    } else throw new Error(`protobuf: wire type ${wire} not expected`);
  }
}

const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function anyValue(buf: Uint8Array): OtlpValue {
  for (const f of fields(buf)) {
    if (f.field === 1) return { stringValue: utf8(f.bytes) };
    if (f.field === 2) return { boolValue: f.varint !== 0n };
    if (f.field === 3) return { intValue: Number(BigInt.asIntN(64, f.varint)) };
    if (f.field === 4) return { doubleValue: new DataView(f.bytes.buffer, f.bytes.byteOffset, 8).getFloat64(0, true) };
  }
  return {};
}

function keyValue(buf: Uint8Array): OtlpAttribute {
  let key = '';
  let value: OtlpValue = {};
  for (const f of fields(buf)) {
    if (f.field === 1) key = utf8(f.bytes);
    else if (f.field === 2) value = anyValue(f.bytes);
  }
  return { key, value };
}

function span(buf: Uint8Array): OtlpSpan {
  const out: OtlpSpan = { traceId: '', spanId: '', name: '', kind: 0, startTimeUnixNano: '0', endTimeUnixNano: '0', attributes: [] };
  for (const f of fields(buf)) {
    if (f.field === 1) out.traceId = hex(f.bytes);
    else if (f.field === 2) out.spanId = hex(f.bytes);
    else if (f.field === 3) out.traceState = utf8(f.bytes);
    else if (f.field === 4) out.parentSpanId = hex(f.bytes);
    else if (f.field === 5) out.name = utf8(f.bytes);
    else if (f.field === 6) out.kind = Number(f.varint);
    else if (f.field === 7) out.startTimeUnixNano = f.varint.toString();
    else if (f.field === 8) out.endTimeUnixNano = f.varint.toString();
    else if (f.field === 9) out.attributes.push(keyValue(f.bytes));
    else if (f.field === 10) out.droppedAttributesCount = Number(f.varint);
  }
  return out;
}

function decodeExportRequest(buf: Uint8Array): OtlpRequest {
  const resourceSpans: OtlpRequest['resourceSpans'] = [];
  for (const rs of fields(buf)) {
    if (rs.field !== 1) continue;
    const entry: OtlpRequest['resourceSpans'][number] = { resource: { attributes: [] }, scopeSpans: [] };
    for (const f of fields(rs.bytes)) {
      if (f.field === 1) for (const a of fields(f.bytes)) if (a.field === 1) entry.resource.attributes.push(keyValue(a.bytes));
      if (f.field !== 2) continue;
      const scoped: OtlpRequest['resourceSpans'][number]['scopeSpans'][number] = { scope: { name: '' }, spans: [] };
      for (const s of fields(f.bytes)) {
        if (s.field === 1) for (const n of fields(s.bytes)) if (n.field === 1) scoped.scope.name = utf8(n.bytes);
        if (s.field === 2) scoped.spans.push(span(s.bytes));
      }
      entry.scopeSpans.push(scoped);
    }
    resourceSpans.push(entry);
  }
  return { resourceSpans };
}
