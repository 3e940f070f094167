// A small ACP client on the official TypeScript SDK (`@agentclientprotocol/sdk`): it runs an
// agent on stdio, plays scripted prompts in one session, answers permission requests, and
// records the wire.
//
//   node driver.mjs SCRIPT.json > wire.jsonl
//
// SCRIPT.json:
//   {
//     "agent": ["/abs/agent", "arg", ...],   the agent's command line
//     "cwd": "/abs/dir",                     the session's working directory (and the agent's)
//     "prompts": ["text", ...],              one prompt turn each, in order
//     "rejectMarker": "reject",              optional: a permission request whose tool call
//                                            mentions it is rejected; every other is allowed once
//     "delivered": "/abs/file.jsonl",        optional: writes what the SDK delivered, typed
//     "timeoutMs": 60000                     optional: for the whole run
//   }
//
// stdout: every line of the wire, one JSON object per line, in the order seen:
//   {"dir":"agent->client","t":<ms>,"msg":{...}}   a line the agent wrote
//   {"dir":"client->agent","t":<ms>,"msg":{...}}   a line the client wrote
//   (a line that is not JSON: "raw" with its text instead of "msg")
// the format of `toolmeta proxy --log`, so `inspect` reads it too.
//
// "delivered" lines: {"method":"session/update"|"session/request_permission","params":{...}}
// for each message the SDK parsed and handed to the client; a message the SDK refused
// never arrives there.
//
// Exit status: 0 when every prompt turn ended with a stop reason, 1 otherwise (the reason on
// stderr).
import { spawn } from "node:child_process";
import fs from "node:fs";
import * as acp from "@agentclientprotocol/sdk";

const script = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const started = Date.now();
const delivered = script.delivered ? fs.createWriteStream(script.delivered) : null;

function fail(message) {
  process.stderr.write(`acp-client: ${message}\n`);
  process.exitCode = 1;
}

// Splits a byte stream into lines and writes each to stdout as a wire record.
function recorder(dir) {
  let pending = "";
  return (chunk) => {
    pending += chunk.toString("utf8");
    let end;
    while ((end = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (!line.trim()) continue;
      const record = { dir, t: Date.now() - started };
      try {
        record.msg = JSON.parse(line);
      } catch {
        record.raw = line;
      }
      process.stdout.write(JSON.stringify(record) + "\n");
    }
  };
}

const agent = spawn(script.agent[0], script.agent.slice(1), {
  cwd: script.cwd,
  stdio: ["pipe", "pipe", "inherit"],
});
const agentExited = new Promise((resolve) => agent.on("exit", (code, signal) => resolve({ code, signal })));
agent.on("error", (error) => fail(`cannot run the agent: ${error.message}`));

const fromAgent = recorder("agent->client");
const fromClient = recorder("client->agent");
// The SDK cancels this stream when the connection closes; whatever the agent writes after
// that is still recorded.
let reading = true;
const input = new ReadableStream({
  start(controller) {
    agent.stdout.on("data", (data) => {
      fromAgent(data);
      if (reading) controller.enqueue(new Uint8Array(data));
    });
    agent.stdout.on("end", () => {
      if (reading) controller.close();
      reading = false;
    });
  },
  cancel() {
    reading = false;
  },
});
const output = new WritableStream({
  write(chunk) {
    const bytes = Buffer.from(chunk);
    fromClient(bytes);
    return new Promise((resolve, reject) =>
      agent.stdin.write(bytes, (error) => (error ? reject(error) : resolve())),
    );
  },
});

function deliver(method, params) {
  delivered?.write(JSON.stringify({ method, params }) + "\n");
}

function choose(options, reject) {
  const kinds = reject ? ["reject_once", "reject_always"] : ["allow_once", "allow_always"];
  for (const kind of kinds) {
    const option = options.find((option) => option.kind === kind);
    if (option) return option.optionId;
  }
  return options[0]?.optionId;
}

const client = acp
  .client({ name: "toolmeta-acp-client" })
  .onNotification("session/update", ({ params }) => deliver("session/update", params))
  .onRequest("session/request_permission", ({ params }) => {
    deliver("session/request_permission", params);
    const marker = script.rejectMarker;
    const reject = marker != null && JSON.stringify(params.toolCall).includes(marker);
    return { outcome: { outcome: "selected", optionId: choose(params.options ?? [], reject) } };
  });

const timeout = new Promise((_, reject) => {
  setTimeout(() => reject(new Error(`no end after ${script.timeoutMs ?? 60000} ms`)), script.timeoutMs ?? 60000).unref();
});

try {
  await Promise.race([
    timeout,
    client.connectWith(acp.ndJsonStream(output, input), async (agentSide) => {
      await agentSide.request("initialize", {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: {},
        clientInfo: { name: "toolmeta-acp-client", version: "0.0.0" },
      });
      const session = await agentSide.request("session/new", { cwd: script.cwd, mcpServers: [] });
      for (const prompt of script.prompts) {
        const response = await agentSide.request("session/prompt", {
          sessionId: session.sessionId,
          prompt: [{ type: "text", text: prompt }],
        });
        if (!response.stopReason) fail(`a prompt turn ended without a stop reason`);
      }
    }),
  ]);
} catch (error) {
  fail(error?.stack ?? String(error));
}

// The session is over: close the agent's stdin, and end it if it does not leave by itself.
agent.stdin.end();
const grace = setTimeout(() => agent.kill("SIGTERM"), 2000);
await agentExited;
clearTimeout(grace);
delivered?.end();
