// The Node.js peer of `ledger-log ledger`: what a client author writes by hand to follow the
// tool calls of an ACP log, with no dependencies — each line read with `readline` and
// `JSON.parse`d, the tool-call updates (`session/update` `tool_call` / `tool_call_update`,
// and a permission request's `toolCall`) merged by session and `toolCallId` in a `Map`,
// keeping title, kind, status, rawInput, content and the envelope's fields (last write wins,
// an absent field erases nothing).
//
//   node benches/ledger_peer.mjs PATH [PASSES]
//
// `PASSES` reads the file that many times in one process, each into a fresh `Map`, as
// `ledger-log` does. `benches/ledger_log.sh` runs it beside the floor, the bound and the ledger.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

const FIELDS = ["title", "kind", "status", "rawInput", "content"];
const ENVELOPE = ["name", "kind", "namespace", "label", "read_only", "input"];

async function pass(path) {
  const calls = new Map();
  let lines = 0;
  let notJson = 0;
  const input = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of input) {
    lines++;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      notJson++;
      continue;
    }
    const params = message?.params;
    let update = null;
    if (message?.method === "session/request_permission") {
      update = params?.toolCall;
    } else if (params?.update && ["tool_call", "tool_call_update"].includes(params.update.sessionUpdate)) {
      update = params.update;
    }
    if (typeof update?.toolCallId !== "string") {
      continue;
    }
    const key = `${params.sessionId}\u0000${update.toolCallId}`;
    let call = calls.get(key);
    if (call === undefined) {
      call = { sessionId: params.sessionId, toolCallId: update.toolCallId, envelope: {} };
      calls.set(key, call);
    }
    for (const field of FIELDS) {
      if (update[field] != null) {
        call[field] = update[field];
      }
    }
    const envelope = update._meta?.["x.ai/tool"];
    if (envelope !== null && typeof envelope === "object") {
      for (const field of ENVELOPE) {
        if (envelope[field] != null) {
          call.envelope[field] = envelope[field];
        }
      }
    }
  }
  console.log(`${lines} lines, ${notJson} not JSON, ${calls.size} calls held`);
}

const [path, passes = "1"] = process.argv.slice(2);
if (path === undefined || !(Number(passes) > 0)) {
  console.error("usage: node benches/ledger_peer.mjs PATH [PASSES]");
  process.exit(2);
}
for (let i = 0; i < Number(passes); i++) {
  await pass(path);
}
