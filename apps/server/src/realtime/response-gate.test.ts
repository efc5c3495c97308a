import { describe, expect, test } from 'bun:test';
import { ResponseGate } from './response-gate';

const gate = () => {
  const sent: string[] = [];
  let closed = false;
  const g = new ResponseGate(
    () => sent.push('response.create'),
    () => closed,
  );
  return { g, sent, close: () => (closed = true) };
};

describe('ResponseGate', () => {
  test("a tool's output gets one response once the response that called it is over", () => {
    const { g, sent } = gate();
    g.created('resp_1');
    g.toolStarted();
    g.toolAnswered();
    g.toolEnded();
    expect(sent).toEqual([]); // resp_1 still running
    g.done('resp_1');
    g.maybeCreate();
    expect(sent).toEqual(['response.create']);
    g.maybeCreate();
    expect(sent).toHaveLength(1);
  });

  test('waits for every tool of the turn', () => {
    const { g, sent } = gate();
    g.toolStarted();
    g.toolStarted();
    g.toolAnswered();
    g.toolEnded();
    expect(sent).toEqual([]);
    g.toolAnswered();
    g.toolEnded();
    expect(sent).toEqual(['response.create']);
  });

  test('a requested response is busy until created; an upstream error frees it', () => {
    const { g, sent } = gate();
    g.markRequested();
    g.toolStarted();
    g.toolAnswered();
    g.toolEnded();
    expect(sent).toEqual([]);
    g.failed();
    g.maybeCreate();
    expect(sent).toEqual(['response.create']);
  });

  test("the browser's response.create while busy is asked for once the active one is over, once", () => {
    const { g, sent } = gate();
    g.markRequested();
    g.created('resp_1');
    g.deferred();
    g.deferred(); // asked twice meanwhile: still one response
    g.maybeCreate();
    expect(sent).toEqual([]);
    g.done('resp_1');
    g.maybeCreate();
    expect(sent).toEqual(['response.create']);
    g.maybeCreate(); // that one is now requested
    expect(sent).toHaveLength(1);
  });

  test('the end of another response does not free the active one', () => {
    const { g } = gate();
    g.created('resp_2');
    g.done('resp_1');
    expect(g.activeId).toBe('resp_2');
    g.done('resp_2');
    expect(g.activeId).toBeNull();
  });

  test('a tool that failed to answer asks for nothing; an ending session asks for nothing', () => {
    const { g, sent, close } = gate();
    g.toolStarted();
    g.toolEnded();
    expect(sent).toEqual([]);
    g.toolStarted();
    g.toolAnswered();
    close();
    g.toolEnded();
    expect(sent).toEqual([]);
  });
});
