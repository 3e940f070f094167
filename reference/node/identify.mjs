#!/usr/bin/env node
// A reference reader of toolmeta's catalog, outside Rust: it loads the catalog's data export
// (`toolmeta catalog --json`, shipped as toolmeta/catalog/catalog.json) and gives every tool
// call of an ACP session log its identity — name, label, kind, namespace, input — by the
// rules of docs/identification.md, which the section comments below follow. No dependencies.
//
//   node identify.mjs CATALOG [--harness NAME] FILE...
//
// writes one JSON object per call and file, in first-seen order:
//   {"file", "session", "tool_call_id", "name", "label", "kind", "namespace", "read_only",
//    "source", "input", "ambiguous"}
//
// It is also a module: `loadCatalog(text)` and `new Reader(catalog, options)` with
// `feedLine(text)` and `calls()`.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// ---------------------------------------------------------------------------------------
// The catalog

/** Reads the catalog's JSON text and indexes it. */
export function loadCatalog(text) {
  const data = JSON.parse(text);
  if (data.format !== 'toolmeta-catalog' || data.format_version !== 2) {
    throw new Error(`not a toolmeta catalog of format 2: ${data.format} ${data.format_version}`);
  }
  const kinds = new Map(data.kinds.map((kind) => [kind.kind, kind]));
  const shapes = new Map(data.label_shapes.map((shape) => [shape.label, shape]));
  const acpKinds = new Map(data.acp_kinds.map((row) => [row.acp_kind, row]));
  const keyTypes = new Map(data.keys.map((key) => [key.key, key.type]));
  const harnesses = data.harnesses.map((harness) => ({
    ...harness,
    byName: new Map(harness.tools.map((tool) => [tool.name, tool])),
    withArguments: harness.tools.filter((tool) => tool.arguments !== null),
  }));
  // Every recognised party: catalog harnesses first, then agents without a catalog, each
  // with its call-id and title formats compiled.
  const party = (namespace, recognise, harness) => ({
    namespace,
    recognise,
    harness,
    ids: recognise.tool_call_ids.map(compilePattern),
    titles: recognise.titles.map((title) => ({ ...title, regex: compilePattern(title.pattern) })),
  });
  const parties = [
    ...harnesses.map((harness) => party(harness.namespace, harness.recognise, harness)),
    ...data.agents.map((agent) => party(agent.namespace, agent.recognise, null)),
  ];
  const metaKeys = [
    ...parties.flatMap((party) => party.recognise.meta_tool_names.map((key) => ({ ...key, party }))),
    ...data.meta_tool_names.map((key) => ({ ...key, party: null })),
  ].map((key) => ({ ...key, joined: key.path.join('\u0000') }));
  const titleFormats = parties.flatMap((one) => one.titles);
  return { data, kinds, shapes, acpKinds, keyTypes, harnesses, parties, metaKeys, titleFormats };
}

/** A call-id or title format as an anchored regular expression (placeholders of the catalog). */
function compilePattern(pattern) {
  let source = '';
  let named = false;
  for (const piece of pattern.split(/(\{name\}|\{digits\}|\{any\})/)) {
    if (piece === '{name}') {
      source += named ? '\\k<name>' : '(?<name>[A-Za-z_][A-Za-z0-9_-]*)';
      named = true;
    } else if (piece === '{digits}') {
      source += '[0-9]+';
    } else if (piece === '{any}') {
      source += '.+';
    } else {
      source += piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`, 'su');
}

/** `{matched, name}` when `text` matches the format as a whole. */
function matchPattern(regex, text) {
  if (typeof text !== 'string') return null;
  const match = regex.exec(text);
  return match ? { name: match.groups?.name ?? null } : null;
}

/** The party `namespace` names, by wire name or alias. */
function partyOfNamespace(catalog, namespace) {
  return catalog.parties.find((party) => party.namespace === namespace
    || (party.harness?.namespace_aliases ?? []).includes(namespace)) ?? null;
}

/** The party an agent name (`agentInfo.name`, else `title`) names: a mark in its product name. */
function partyOfAgent(catalog, agentName) {
  const lower = agentName.toLowerCase();
  const product = lower.slice(lower.lastIndexOf('/') + 1);
  return catalog.parties.find((party) =>
    party.recognise.agent_names.some((mark) => product.includes(mark))) ?? null;
}

/** The namespace of an agent without a catalog (DESIGN §7): the extension made from its
 * name — or the first-party namespace that extension spells (`Goose` → `goose`) — or null. */
export function extensionNamespace(catalog, agentName) {
  const lower = agentName.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const extension = `_${lower.replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '')}`
    .slice(0, 64).replace(/_+$/, '');
  if (!/^_[a-z][a-z0-9_]{0,62}$/.test(extension)) return null;
  const firstParty = catalog.data.namespaces.find((namespace) =>
    extension === `_${namespace.namespace}` || namespace.aliases.includes(extension)
    || namespace.aliases.some((alias) => extension === `_${alias}`));
  return firstParty ? firstParty.namespace : extension;
}

// ---------------------------------------------------------------------------------------
// JSON types and the projection

const isInteger = (value) => typeof value === 'number' && Number.isInteger(value);

/** Whether a value is of a catalog value type. */
function takes(type, value) {
  switch (type.type) {
    case 'any': return true;
    case 'nullable': return value === null || takes(type.of, value);
    case 'string': return typeof value === 'string';
    case 'boolean': return typeof value === 'boolean';
    case 'number': return typeof value === 'number';
    case 'integer': return isInteger(value) && value >= type.min && value <= type.max;
    case 'array': return Array.isArray(value) && value.every((item) => takes(type.items, item));
    case 'object': return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'one_of': return type.of.some((one) => takes(one, value));
    default: return false;
  }
}

/** An offset by the contract: negative dropped, 0 is line 1. */
const normalizeOffset = (n) => (n < 0 ? null : Math.max(n, 1));

/** A word as one shell word (conversion `command_line`). */
function shellQuote(word) {
  return word !== '' && /^[A-Za-z0-9\-_./=:,+@%]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** An argv as one command line (conversion `command_line`). */
function commandLine(argv) {
  if (argv.length === 3 && ['sh', 'bash', 'zsh'].includes(argv[0].slice(argv[0].lastIndexOf('/') + 1))
    && (argv[1] === '-c' || argv[1] === '-lc')) {
    return argv[2];
  }
  return argv.map(shellQuote).join(' ');
}

/** Lines from `first` (1-based, null: line 1) through `last` (conversion `last_line`). */
function lineCount(first, last) {
  if (!isInteger(last) || last < 0) return null;
  const lines = last + 1 - (first ?? 1);
  return lines > 0 ? lines : null;
}

/** The shape of a label: its own, or the open shape (any canonical key). */
function shapeOf(catalog, label) {
  const shape = catalog.shapes.get(label);
  if (shape) return { required: shape.required, allowed: [...shape.required, ...shape.optional], open: false };
  return { required: [], allowed: catalog.data.keys.map((key) => key.key), open: true };
}

/** An input that lacks a required key of its label's shape, or has no key, is no input. */
function complete(catalog, label, input) {
  const shape = shapeOf(catalog, label);
  const keys = Object.keys(input);
  return keys.length > 0 && shape.required.every((key) => key in input) ? input : null;
}

/** The value one projected key gets from the raw arguments, or null. */
function projectValue(projection, value) {
  if (value === undefined || value === null || !takes(projection.accepts, value)) return null;
  switch (projection.conversion) {
    case 'command_line': return Array.isArray(value) ? commandLine(value) : value;
    case 'zero_based': return value < 0 ? null : value + 1;
    default: break;
  }
  if (!projection.extra && projection.key === 'offset') return normalizeOffset(value);
  return value;
}

/** A catalog tool's input from raw arguments (docs/catalog.md, "Projecting rawInput"). */
function project(catalog, tool, raw) {
  if (tool.projection.length === 0 || !isObject(raw)) return null;
  const input = {};
  let firstLine = null;
  for (const projection of tool.projection) {
    const from = projection.from.find((name) => Object.hasOwn(raw, name));
    let value = projectValue(projection, from === undefined ? undefined : raw[from]);
    if (!projection.extra && projection.key === 'offset') firstLine = value;
    if (value !== null && projection.conversion === 'last_line') {
      value = lineCount(firstLine, value);
      if (value === null) continue;
    }
    if (value === null) {
      if (projection.required) return null;
      continue;
    }
    input[projection.key] = value;
  }
  return complete(catalog, tool.label, input);
}

/** How many raw arguments a tool's arguments share, when they could be its arguments; an
 * argument given under one of the harness's `event_keys` fits but is not counted. */
function fit(tool, raw, eventKeys) {
  let shared = 0;
  for (const argument of tool.arguments) {
    const given = [argument.name, ...argument.aliases].filter((name) => Object.hasOwn(raw, name));
    if (given.length > 1) return null;
    if (given.length === 0) {
      if (argument.required) return null;
      continue;
    }
    if (!takes(argument.accepts, raw[given[0]])) return null;
    if (!eventKeys.includes(given[0])) shared += 1;
  }
  return shared;
}

/** The tool raw arguments name: of the tools they fit, those sharing the most telling
 * argument names with them (names that are not the harness's `event_keys`), and at least
 * half of the call's telling names; among several, those of the kind the call's ACP kind
 * falls back to (unless that is `other`), then the one whose argument names include every
 * other's. Still several: none, and says who tied. */
function bestFit(harness, raw, fallbackKind) {
  if (!isObject(raw)) return { tool: null, tied: [] };
  const eventKeys = harness.recognise.event_keys;
  const keys = Object.keys(raw).filter((key) => !eventKeys.includes(key)).length;
  if (keys === 0) return { tool: null, tied: [] };
  let best = [];
  let top = 0;
  for (const tool of harness.withArguments) {
    const shared = fit(tool, raw, eventKeys);
    if (shared === null || shared === 0 || 2 * shared < keys) continue;
    if (shared > top) {
      top = shared;
      best = [];
    }
    if (shared === top) best.push(tool);
  }
  if (best.length > 1 && fallbackKind !== 'other') {
    const ofKind = best.filter((tool) => tool.kind === fallbackKind);
    if (ofKind.length) best = ofKind;
  }
  if (best.length > 1) {
    const names = (tool) => tool.arguments.flatMap((argument) => [argument.name, ...argument.aliases]);
    const general = best.filter((tool) => {
      const own = names(tool);
      return best.every((other) => names(other).every((name) => own.includes(name)));
    });
    if (general.length === 1) best = general;
  }
  if (best.length === 1) return { tool: best[0], tied: [] };
  return { tool: null, tied: best.map((tool) => tool.name) };
}

/** The fallback's input: the rawInput keys canonical for the label, of the key's type. */
function canonicalInput(catalog, label, raw) {
  if (!isObject(raw)) return null;
  const input = {};
  for (const key of shapeOf(catalog, label).allowed) {
    const value = raw[key];
    const type = catalog.keyTypes.get(key);
    if (type === 'integer') {
      if (!isInteger(value)) continue;
      const kept = key === 'offset' ? normalizeOffset(value) : (value >= 0 ? value : null);
      if (kept !== null) input[key] = kept;
    } else if (typeof value === 'string') {
      input[key] = value;
    }
  }
  return complete(catalog, label, input);
}

/** The fallback's input from a call's first location, for labels whose shape has a path. */
function locationInput(catalog, label, location) {
  const shape = shapeOf(catalog, label);
  if (!location || shape.open || !shape.allowed.includes('path')) return null;
  const input = { path: location.path };
  if (isInteger(location.line) && location.line >= 0 && shape.allowed.includes('offset')) {
    input.offset = Math.max(location.line, 1);
  }
  return shape.required.every((key) => key in input) ? input : null;
}

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const str = (value) => (typeof value === 'string' ? value : null);

// ---------------------------------------------------------------------------------------
// Reading a stream and merging each call's updates

/** A stream of ACP messages, one reader per session log. */
export class Reader {
  constructor(catalog, { harness = null } = {}) {
    this.catalog = catalog;
    this.told = harness === null ? null : partyOfNamespace(catalog, harness);
    if (harness !== null && (this.told === null || this.told.harness === null)) {
      throw new Error(`unknown harness ${harness}`);
    }
    this.agent = null; // the party the stream's initialize answer names (or a grok envelope)
    this.agentExtension = null; // the extension namespace of an agent without a catalog
    this.calls_ = new Map(); // `${session}\u0000${id}` → call, in first-seen order
    this.bySession = new Map(); // id → key of a call first seen without a session
    this.requests = new Map(); // permission request id → call key
  }

  feedLine(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    // A proxy log line (`toolmeta proxy --log`) wraps one message: {"dir", "t", "msg"}.
    if (isObject(message) && typeof message.dir === 'string' && 'msg' in message) message = message.msg;
    for (const one of Array.isArray(message) ? message : [message]) {
      if (isObject(one)) this.feedMessage(one);
    }
  }

  feedMessage(message) {
    const result = message.result;
    if (isObject(result)) {
      const info = result.agentInfo;
      if (isObject(info)) return this.setAgent(info);
      if (isObject(result.outcome) && message.id !== undefined) return this.answer(message.id, result.outcome);
    }
    const { method } = message;
    const params = isObject(message.params) ? message.params : null;
    if (method === 'session/update' || method === '_x.ai/session/update' || method === '_x.ai/session_notification') {
      if (params && isObject(params.update)) this.update(str(params.sessionId), params.update, null);
    } else if (method === 'session/request_permission') {
      if (params) this.permission(params, message.id);
    } else if (method === 'initialize') {
      if (params && isObject(params.agentInfo)) this.setAgent(params.agentInfo);
    } else if (method === undefined) {
      if (params) {
        if (isObject(params.update)) this.update(str(params.sessionId), params.update, null);
        else this.permission(params, message.id);
      } else if (isObject(message.update) || isObject(message.toolCall)) {
        if (isObject(message.update)) this.update(str(message.sessionId), message.update, null);
        else this.permission(message, message.id);
      } else if (typeof message.sessionUpdate === 'string') {
        this.update(null, message, null);
      }
    }
  }

  setAgent(info) {
    const name = str(info.name) ?? str(info.title);
    const party = [str(info.name), str(info.title)].filter(Boolean)
      .map((agentName) => partyOfAgent(this.catalog, agentName)).find(Boolean) ?? null;
    if (party) {
      this.agent = party;
      this.agentExtension = null;
    } else if (name !== null) {
      this.agentExtension = extensionNamespace(this.catalog, name);
    }
  }

  permission(params, id) {
    const toolCall = isObject(params.toolCall) ? params.toolCall
      : isObject(params.subject) && isObject(params.subject.toolCall) ? params.subject.toolCall : null;
    if (!toolCall) return;
    const options = Array.isArray(params.options) ? params.options : [];
    this.update(str(params.sessionId), toolCall, { id, options });
  }

  answer(id, outcome) {
    const key = this.requests.get(JSON.stringify(id));
    const call = key && this.calls_.get(key);
    if (!call || !call.permission) return;
    if (outcome.outcome === 'cancelled') call.permission.denied = true;
    if (outcome.outcome === 'selected') {
      const option = call.permission.options.find((one) => isObject(one) && one.optionId === outcome.optionId);
      call.permission.denied = /^reject/.test(str(option?.kind) ?? '');
    }
    this.settle(call);
  }

  update(session, update, permission) {
    const id = str(update.toolCallId);
    if (id === null) return;
    if (!permission && update.sessionUpdate !== 'tool_call' && update.sessionUpdate !== 'tool_call_update') return;
    let key = `${session ?? ''}\u0000${id}`;
    let call = this.calls_.get(key);
    if (!call && session !== null) {
      // A call first seen without a session joins the first session that names it.
      const bare = this.calls_.get(`\u0000${id}`);
      if (bare && bare.session === null) {
        call = bare;
        call.session = session;
      }
    } else if (!call && session === null) {
      key = [...this.calls_.keys()].find((k) => k.endsWith(`\u0000${id}`)) ?? key;
      call = this.calls_.get(key);
    }
    if (!call) {
      call = newCall(session, id);
      this.calls_.set(key, call);
    }
    merge(this.catalog, call, update, permission !== null);
    if (permission) {
      call.permission = { options: permission.options, denied: false };
      if (permission.id !== undefined) this.requests.set(JSON.stringify(permission.id), key);
    }
    // A Grok Build envelope marks the stream's agent when nothing else did.
    if (this.agent === null && /^grok_build/.test(call.envelope.namespace ?? '')) {
      this.agent = partyOfNamespace(this.catalog, 'grok_build');
    }
    this.settle(call);
  }

  /** Resolves the call's identity again unless it finished before; freezes it at the finish. */
  settle(call) {
    if (call.frozen) {
      call.ownRawInput = undefined;
      if (call.rawInput !== call.keptRawInput) this.lateInput(call);
      return;
    }
    call.identity = resolve(this, call);
    if (call.ownRawInput !== undefined) {
      const filled = call.rawInput;
      call.rawInput = call.ownRawInput;
      call.ownRawInput = undefined;
      const without = resolve(this, call);
      if (sameIdentity(without, call.identity)) call.rawInput = filled;
      else call.identity = without;
    }
    if (isFinished(call)) {
      call.frozen = true;
      call.keptRawInput = call.rawInput;
    }
  }

  /**
   * A finished call's later `rawInput` is kept when it only adds arguments and the call,
   * resolved with it, has the identity it finished with (its input may grow); otherwise the
   * `rawInput` kept at the finish stays.
   */
  lateInput(call) {
    const late = call.rawInput;
    call.rawInput = call.keptRawInput;
    if (!onlyAdds(call.keptRawInput, late)) return;
    call.rawInput = late;
    const identity = resolve(this, call);
    if (sameIdentity(identity, call.identity)) {
      call.identity = identity;
      call.keptRawInput = late;
    } else {
      call.rawInput = call.keptRawInput;
    }
  }

  calls() {
    return [...this.calls_.values()].map((call) => ({
      session: call.session,
      tool_call_id: call.id,
      ...call.identity,
    }));
  }
}

function newCall(session, id) {
  return {
    session, id, title: null, firstTitle: null, formatTitle: null, kind: null, status: null,
    name: null, rawInput: undefined, keptRawInput: undefined, ownRawInput: undefined,
    rawInputFromUpdate: false, locations: [],
    metaNames: new Map(), updates: 0, envelope: {}, permission: null, frozen: false,
    identity: null,
  };
}

/** Merges one update: a field sent replaces the earlier one, a field absent erases nothing. */
function merge(catalog, call, update, fromPermission) {
  call.updates += 1;
  const title = str(update.title);
  if (title !== null) {
    if (call.firstTitle === null) call.firstTitle = title;
    call.title = title;
    // The latest title that follows a fixed title format: a later human title does not
    // replace it.
    if (catalog.titleFormats.some((format) => matchPattern(format.regex, title))) call.formatTitle = title;
  }
  const name = str(update.name);
  if (name !== null) call.name = name;
  // A permission request's kind, status and rawInput describe the permission: they only
  // fill in what the call's own updates have not sent.
  const kind = str(update.kind);
  if (kind !== null && (!fromPermission || call.kind === null)) call.kind = kind;
  const status = str(update.status);
  if (status !== null && (!fromPermission || call.status === null)) call.status = status;
  // A permission request makes a running call wait on the user again; a finished one stays.
  if (fromPermission && call.status !== null && !isFinished(call)) call.status = 'pending';
  if (update.rawInput !== undefined && update.rawInput !== null) {
    if (!fromPermission || !call.rawInputFromUpdate) {
      const empty = isObject(update.rawInput) && Object.keys(update.rawInput).length === 0;
      call.rawInputFromUpdate = !fromPermission && !empty;
      call.rawInput = update.rawInput;
    } else if (isObject(call.rawInput) && isObject(update.rawInput) && (call.identity?.input ?? null) === null) {
      // While the call's own arguments give it no input, the request's keys they lack fill
      // them in, its own values winning — kept only if the identity stays the one the call
      // has without them.
      const added = omit(update.rawInput, Object.keys(call.rawInput));
      if (Object.keys(added).length > 0) {
        call.ownRawInput = call.rawInput;
        call.rawInput = { ...call.rawInput, ...added };
      }
    }
  }
  if (Array.isArray(update.locations) && update.locations.length > 0) {
    call.locations = update.locations.filter((location) => isObject(location) && typeof location.path === 'string');
  }
  const meta = update._meta;
  if (isObject(meta)) {
    // Each `_meta` string by its key path, with the update that sent it last.
    for (const [path, value] of metaStrings(meta)) call.metaNames.set(path, { value, at: call.updates });
    const envelope = meta['x.ai/tool'];
    if (isObject(envelope)) mergeEnvelope(call.envelope, envelope);
  }
}

/** Whether two resolutions give the same identity (the input aside). */
function sameIdentity(one, other) {
  return ['source', 'name', 'kind', 'label', 'namespace', 'read_only', 'ambiguous']
    .every((field) => JSON.stringify(one[field]) === JSON.stringify(other[field]));
}

/** Whether `later` has every member of `kept` with the same value, and more. */
function onlyAdds(kept, later) {
  if (!isObject(later)) return false;
  if (kept === undefined) return true;
  if (!isObject(kept)) return false;
  const keys = Object.keys(kept);
  return keys.length < Object.keys(later).length
    && keys.every((key) => Object.hasOwn(later, key) && JSON.stringify(later[key]) === JSON.stringify(kept[key]));
}

/** The members of `object` whose keys are not in `keys`. */
function omit(object, keys) {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));
}

/** Every string under `_meta`, by its key path (only listed paths are ever read). */
function* metaStrings(meta, prefix = []) {
  for (const [key, value] of Object.entries(meta)) {
    if (key === 'x.ai/tool') continue;
    if (typeof value === 'string') yield [[...prefix, key].join('\u0000'), value];
    else if (isObject(value) && prefix.length < 4) yield* metaStrings(value, [...prefix, key]);
  }
}

/** The envelope merged field by field, read loosely (a field of the wrong type is ignored). */
function mergeEnvelope(merged, envelope) {
  for (const field of ['name', 'namespace', 'label']) {
    if (typeof envelope[field] === 'string') merged[field] = envelope[field];
  }
  if (typeof envelope.kind === 'string') merged.kind = envelope.kind;
  if (typeof envelope.read_only === 'boolean') merged.read_only = envelope.read_only;
  if (isObject(envelope.input)) merged.input = envelope.input;
}

function isFinished(call) {
  return call.status === 'completed' || call.status === 'failed' || call.permission?.denied === true;
}

// ---------------------------------------------------------------------------------------
// Resolving a call's identity (docs/identification.md)

function resolve(reader, call) {
  const { catalog } = reader;
  const raw = call.rawInput;
  const location = call.locations[0] ?? null;
  // 1. The envelope.
  const envelope = call.envelope;
  if (['name', 'kind', 'namespace', 'label'].some((field) => field in envelope)) {
    const fallback = acpFallback(catalog, call);
    // A kind this reader does not know (or spelled in another case) reads as `other`.
    const kind = 'kind' in envelope ? (catalog.kinds.has(envelope.kind) ? envelope.kind : 'other') : null;
    const kindRow = kind === null ? null : catalog.kinds.get(kind);
    const label = envelope.label ?? kindRow?.label ?? fallback.label;
    let input = envelope.input ?? null;
    if (input === null) {
      const party = envelope.namespace ? partyOfNamespace(catalog, envelope.namespace) : null;
      const tool = party?.harness?.byName.get(envelope.name);
      if (tool && raw !== undefined) input = project(catalog, tool, raw);
      if (input === null) input = fallbackInput(catalog, label, raw, location);
    }
    return {
      name: envelope.name ?? null,
      label,
      kind: kind ?? fallback.kind,
      namespace: envelope.namespace ?? null,
      read_only: envelope.read_only ?? kindRow?.read_only ?? fallback.read_only,
      source: 'envelope',
      input,
      ambiguous: null,
    };
  }
  // 2. The harness.
  const party = harnessOf(reader, call);
  // 3. Names, strongest evidence first.
  const names = namesOf(catalog, call, party);
  const harness = party?.harness ?? null;
  if (harness) {
    for (const name of names) {
      const tool = harness.byName.get(name);
      if (tool) return catalogIdentity(catalog, harness, tool, raw, location);
    }
  }
  // 4. The argument names of rawInput.
  let ambiguous = null;
  if (harness && raw !== undefined) {
    const { tool, tied } = bestFit(harness, raw, acpFallback(catalog, call).kind);
    if (tool) return catalogIdentity(catalog, harness, tool, raw, location);
    if (tied.length) ambiguous = tied;
  }
  // 5. The fallback: ACP's kind, the strongest name, the canonical keys of rawInput.
  const fallback = acpFallback(catalog, call);
  const name = names[0] ?? null;
  const namespace = name === null ? null : (party?.namespace ?? (party ? null : reader.agentExtension));
  return {
    name,
    label: fallback.label,
    kind: fallback.kind,
    namespace,
    read_only: fallback.read_only,
    source: 'fallback',
    input: fallbackInput(catalog, fallback.label, raw, location),
    ambiguous,
  };
}

/** The party a call belongs to: a `_meta` key that marks one, the harness the reader was
 * told, the stream's agent, a call-id format that marks one. */
function harnessOf(reader, call) {
  const { catalog } = reader;
  for (const key of metaKeysSent(catalog, call)) {
    if (key.marks_harness) return key.party;
  }
  if (reader.told) return reader.told;
  if (reader.agent) return reader.agent;
  return catalog.parties.find((party) => party.ids.some((regex) => matchPattern(regex, call.id))) ?? null;
}

/** The names the traffic gives the call, strongest first. */
function namesOf(catalog, call, party) {
  const names = [];
  // ACP's `name`.
  if (call.name !== null) names.push(call.name);
  // The `_meta` tool-name keys of the catalog: the latest sent first, in catalog order
  // among those sent in one update.
  for (const key of metaKeysSent(catalog, call)) {
    const { value } = call.metaNames.get(key.joined);
    names.push(key.spelling === 'camel_case' ? snakeCase(value) : value);
  }
  // The first title, when it reads as a tool name.
  if (matchPattern(TOOL_NAME, call.firstTitle)) names.push(call.firstTitle);
  // A call-id format's `{name}`, of any party.
  for (const one of catalog.parties) {
    for (const regex of one.ids) {
      const match = matchPattern(regex, call.id);
      if (match?.name) names.push(match.name);
    }
  }
  // The party's fixed title formats, against the latest title that follows one of any party.
  for (const title of party?.titles ?? []) {
    const match = matchPattern(title.regex, call.formatTitle);
    if (match) names.push(match.name ?? title.tool);
  }
  return names;
}

/** The catalog's `_meta` tool-name keys the call was sent, the latest sent first, in
 * catalog order among those sent in one update (claims of one kind: the latest wins). */
function metaKeysSent(catalog, call) {
  const sent = catalog.metaKeys.filter((key) => call.metaNames.has(key.joined));
  // A stable sort: catalog order stays among equals.
  return sent.sort((a, b) => call.metaNames.get(b.joined).at - call.metaNames.get(a.joined).at);
}

const TOOL_NAME = compilePattern('{name}');

const snakeCase = (value) => value.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function catalogIdentity(catalog, harness, tool, raw, location) {
  let input = raw !== undefined ? project(catalog, tool, raw) : null;
  if (input === null && raw === undefined) input = locationInput(catalog, tool.label, location);
  return {
    name: tool.name,
    label: tool.label,
    kind: tool.kind,
    namespace: harness.namespace,
    read_only: tool.effects.read_only,
    source: 'catalog',
    input,
    ambiguous: null,
  };
}

/** What ACP's `kind` says (absent: ACP's default, `other`; unknown: as `other`). */
function acpFallback(catalog, call) {
  const row = catalog.acpKinds.get(call.kind ?? 'other') ?? catalog.acpKinds.get('other');
  return { kind: row.kind, label: row.label, read_only: row.read_only };
}

function fallbackInput(catalog, label, raw, location) {
  if (raw !== undefined) return canonicalInput(catalog, label, raw);
  return locationInput(catalog, label, location);
}

// ---------------------------------------------------------------------------------------
// The command line

function main(argv) {
  const args = argv.slice(2);
  let harness = null;
  const harnessAt = args.indexOf('--harness');
  if (harnessAt >= 0) {
    harness = args[harnessAt + 1] ?? null;
    args.splice(harnessAt, 2);
  }
  const [catalogPath, ...files] = args;
  if (!catalogPath || files.length === 0 || harness === undefined) {
    process.stderr.write('usage: node identify.mjs CATALOG [--harness NAME] FILE...\n');
    return 2;
  }
  const catalog = loadCatalog(readFileSync(catalogPath, 'utf8'));
  const out = [];
  for (const file of files) {
    const reader = new Reader(catalog, { harness });
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() !== '') reader.feedLine(line);
    }
    for (const call of reader.calls()) out.push(JSON.stringify({ file, ...call }));
  }
  process.stdout.write(out.length ? `${out.join('\n')}\n` : '');
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = main(process.argv);
}
