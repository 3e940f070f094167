// Checks, from a recorded wire (driver.mjs's output), that every tool-call event is complete
// from the tool's declaration, as toolmeta's `AcpToolEvent::complete` makes it:
//
//   node check_tool_calls.mjs wire.jsonl [delivered.jsonl]
//
// An event is each `tool_call`, each `tool_call_update` that carries identity or arguments
// (an `x.ai/tool` envelope, `rawInput`), and each `session/request_permission`'s tool call.
// Each must have:
//   - the envelope under `_meta["x.ai/tool"]`;
//   - ACP's `name`, equal to the envelope's;
//   - ACP's `kind`, the one the envelope's kind maps to;
//   - with arguments, where the label's shape has a path (Read, Edit, Write, Delete; a
//     Search that names a path; a listing's directory): `locations`, the projected path made
//     absolute against the session's working directory, and for a Read the `offset` as `line`.
// With the SDK's deliveries, every tool-call event on the wire must also have been delivered
// (the SDK parsed it) with the same `name`.
//
// stdout: a JSON summary (counts, and each failure); exit status 1 when anything fails.
import fs from "node:fs";
import path from "node:path";

const TOOL_META_KEY = "x.ai/tool";

// The ACP kind of each envelope kind the checked agents use: the "ACP kind" column of
// toolmeta's kind table (docs/wire-contract.md). A kind not listed here fails the check, so
// that a new tool is checked, not skipped.
const ACP_KIND = {
  read: "read",
  list_dir: "read",
  search: "search",
  execute: "execute",
  edit: "edit",
  write: "edit",
  delete: "delete",
};

// The canonical key that names what a label's call touches: `path`, or a listing's
// `directory`; a Search names a path only sometimes.
const LOCATED = {
  Read: "path",
  Edit: "path",
  Write: "path",
  Delete: "path",
  Search: "path?",
  "List Files": "directory",
};

function readLines(file) {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

const wire = readLines(process.argv[2]);
const delivered = process.argv[3] ? readLines(process.argv[3]) : null;

// The session's working directory, as the client sent it.
const cwd = wire.find((record) => record.msg?.method === "session/new")?.msg.params.cwd;

// The tool-call events, from the agent's side of the wire.
function events(messages) {
  const found = [];
  for (const { method, params } of messages) {
    if (method === "session/update") {
      const update = params.update;
      if (update.sessionUpdate === "tool_call") found.push({ type: "tool_call", event: update });
      else if (
        update.sessionUpdate === "tool_call_update" &&
        (update._meta?.[TOOL_META_KEY] !== undefined || update.rawInput !== undefined)
      )
        found.push({ type: "tool_call_update", event: update });
    } else if (method === "session/request_permission") {
      found.push({ type: "permission", event: params.toolCall });
    }
  }
  return found;
}

const onWire = events(
  wire
    .filter((record) => record.dir === "agent->client" && record.msg)
    .map((record) => ({ method: record.msg.method, params: record.msg.params })),
);

// Counts over every event, and over the events that carry arguments.
const counts = () => ({ events: 0, envelope: 0, name: 0, kind: 0 });
const summary = {
  cwd,
  all: counts(),
  withArguments: counts(),
  locations: { needed: 0, present: 0 },
  failures: [],
};

function check(type, event) {
  const id = `${type} ${event.toolCallId}`;
  const failures = [];
  const envelope = event._meta?.[TOOL_META_KEY];
  const input = envelope?.input;
  const hasArguments = event.rawInput !== undefined || input !== undefined;
  const tallies = hasArguments ? [summary.all, summary.withArguments] : [summary.all];
  const count = (field) => tallies.forEach((tally) => tally[field]++);
  count("events");
  if (typeof envelope !== "object" || envelope === null || envelope.version !== 1) {
    failures.push("no envelope");
  } else {
    count("envelope");
  }
  if (typeof event.name === "string" && event.name === envelope?.name) count("name");
  else failures.push(`name ${JSON.stringify(event.name)}, envelope name ${JSON.stringify(envelope?.name)}`);
  const expectedKind = ACP_KIND[envelope?.kind];
  if (expectedKind === undefined) failures.push(`no expected ACP kind for ${JSON.stringify(envelope?.kind)}`);
  else if (event.kind === expectedKind) count("kind");
  else failures.push(`kind ${JSON.stringify(event.kind)}, expected ${JSON.stringify(expectedKind)}`);

  const located = LOCATED[envelope?.label];
  const key = located?.replace("?", "");
  const target = key && typeof input?.[key] === "string" ? input[key] : undefined;
  if (hasArguments && located && (target !== undefined || !located.endsWith("?"))) {
    summary.locations.needed++;
    const location = event.locations?.[0];
    if (target === undefined) {
      failures.push(`arguments without the ${key} of a ${envelope.label}`);
    } else if (!location) {
      failures.push("no locations");
    } else {
      const expected = path.isAbsolute(target) ? path.normalize(target) : path.join(cwd, target);
      const line = envelope.label === "Read" ? input.offset : undefined;
      if (!path.isAbsolute(location.path)) failures.push(`location ${location.path} is not absolute`);
      else if (location.path !== expected) failures.push(`location ${location.path}, expected ${expected}`);
      else if ((location.line ?? undefined) !== line) failures.push(`line ${location.line}, expected ${line}`);
      else summary.locations.present++;
    }
  } else if (event.locations?.length && !hasArguments) {
    failures.push("locations on an event without arguments");
  }
  for (const failure of failures) summary.failures.push(`${id}: ${failure}`);
}

if (!cwd) summary.failures.push("no session/new on the wire");
if (onWire.length === 0) summary.failures.push("no tool-call event on the wire");
for (const { type, event } of onWire) check(type, event);

if (delivered) {
  const byTheSdk = events(delivered);
  summary.delivered = byTheSdk.length;
  if (byTheSdk.length !== onWire.length)
    summary.failures.push(`the SDK delivered ${byTheSdk.length} of the ${onWire.length} tool-call events`);
  byTheSdk.forEach(({ event }, i) => {
    if (onWire[i] && event.name !== onWire[i].event.name)
      summary.failures.push(`the SDK delivered ${event.toolCallId} with name ${JSON.stringify(event.name)}`);
  });
}

process.stdout.write(JSON.stringify(summary, null, 2) + "\n");
process.exitCode = summary.failures.length ? 1 : 0;
