#!/usr/bin/env python3
"""The large probes of the `agent` example, kept out of `cargo test` (they take seconds to
minutes and hundreds of megabytes): a 40 MiB line that is not JSON, a 64 MiB prompt,
100,000 sessions at once and 200,000 in steps, each against a fresh agent process. The regression tests run the same
cases with kilobyte limits (tests/acp_mcp/agent/peer_input.rs).

    cargo build --release --example agent
    python3 scripts/agent_probes.py target/release/examples/agent [ARGS...]

For each probe it prints how long the agent took to answer, how big the answer was, its peak
and final resident memory (VmHWM, VmRSS), and whether it still answered a request after.
"""

import json
import subprocess
import sys
import tempfile
import threading
import time

MIB = 1 << 20
PATIENCE = 120.0


class Agent:
    """The agent as a child process, spoken to in JSON lines."""

    def __init__(self, command):
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
        )
        self.lines = []
        self.arrived = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 0

    def _read(self):
        for line in self.process.stdout:
            with self.arrived:
                self.lines.append(line)
                self.arrived.notify_all()

    def send_bytes(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.send_bytes(json.dumps(message).encode() + b"\n")
        return self.next_id

    def wait_line(self, wanted, timeout=PATIENCE):
        """The first line satisfying `wanted` (on its parsed JSON), or None after `timeout`."""
        deadline = time.monotonic() + timeout
        seen = 0
        with self.arrived:
            while True:
                while seen < len(self.lines):
                    line = self.lines[seen]
                    seen += 1
                    try:
                        message = json.loads(line)
                    except ValueError:
                        continue
                    if wanted(message):
                        return line
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    return None
                self.arrived.wait(min(left, 0.5))

    def response(self, request_id, timeout=PATIENCE):
        return self.wait_line(
            lambda m: m.get("id") == request_id and "method" not in m, timeout
        )

    def memory(self):
        """(peak, current) resident memory in MB, from /proc."""
        fields = {}
        try:
            with open(f"/proc/{self.process.pid}/status") as status:
                for line in status:
                    key, _, value = line.partition(":")
                    fields[key] = value.strip()
        except OSError:
            return (None, None)
        to_mb = lambda text: int(text.split()[0]) / 1024 if text else None
        return (to_mb(fields.get("VmHWM")), to_mb(fields.get("VmRSS")))

    def alive(self):
        """Whether the agent still answers a request."""
        if self.process.poll() is not None:
            return False
        ping = self.request("session/new", {"cwd": tempfile.gettempdir(), "mcpServers": []})
        return self.response(ping, timeout=30) is not None

    def close(self):
        self.process.kill()
        self.process.wait()


def start(command):
    agent = Agent(command)
    agent.response(agent.request("initialize", {"protocolVersion": 1}))
    return agent


def report(name, started, answer, agent, **extra):
    peak, current = agent.memory()
    fields = {
        "probe": name,
        "answered_in_s": round(time.monotonic() - started, 2) if answer else None,
        "answer_bytes": len(answer) if answer else None,
        "peak_rss_mb": round(peak, 1) if peak else None,
        "rss_mb": round(current, 1) if current else None,
        "alive_after": agent.alive(),
    }
    fields.update(extra)
    print(json.dumps(fields))


def bad_line(command):
    agent = start(command)
    started = time.monotonic()
    agent.send_bytes(b'{"jsonrpc":"2.0","id":7,"bad":"' + b"a" * (40 * MIB) + b"\n")
    answer = agent.wait_line(lambda m: "error" in m and m.get("id") is None)
    report("40 MiB line that is not JSON", started, answer, agent)
    agent.close()


def big_prompt(command):
    agent = start(command)
    session = json.loads(
        agent.response(agent.request("session/new", {"cwd": tempfile.gettempdir(), "mcpServers": []}))
    )["result"]["sessionId"]
    started = time.monotonic()
    text = "# " + "x" * (64 * MIB)
    prompt = agent.request(
        "session/prompt", {"sessionId": session, "prompt": [{"type": "text", "text": text}]}
    )
    # Over the line limit the answer is an uncorrelated parse error; under it, the prompt's.
    answer = agent.wait_line(
        lambda m: (m.get("id") == prompt or (m.get("id") is None and "error" in m))
        and "method" not in m
    )
    report("64 MiB prompt", started, answer, agent)
    agent.close()


def many_sessions(command, count=100_000):
    agent = start(command)
    cwd = tempfile.gettempdir()
    started = time.monotonic()
    last = None
    for _ in range(count):
        last = agent.request("session/new", {"cwd": cwd, "mcpServers": []})
    answer = agent.response(last, timeout=600)
    report(f"{count} sessions", started, answer, agent)
    agent.close()


def sessions_in_step(command, count=200_000, window=100):
    """Sessions created 100 at a time, each batch answered before the next: the agent's own
    memory per session, without the SDK's queue of requests not read yet (which the flood
    above measures too: the SDK's incoming channel is unbounded)."""
    agent = start(command)
    cwd = tempfile.gettempdir()
    started = time.monotonic()
    answer = None
    for number in range(1, count + 1):
        last = agent.request("session/new", {"cwd": cwd, "mcpServers": []})
        if number % window == 0:
            answer = agent.response(last)
            with agent.arrived:
                agent.lines.clear()
    report(f"{count} sessions, {window} at a time", started, answer, agent)
    agent.close()


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    command = sys.argv[1:]
    bad_line(command)
    big_prompt(command)
    many_sessions(command)
    sessions_in_step(command)


if __name__ == "__main__":
    main()
