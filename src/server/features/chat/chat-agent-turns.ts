import { cutAt } from '#server/providers/bounded-chat.ts';
import type {
  ChatRequest,
  ChatStreamPiece,
  ChatToolCall,
  ChatToolDefinition,
  ChatTurn,
  ToolCallingChatProvider,
} from '#server/providers/chat-provider.ts';
import { AGENT_TOOL_LIMITS, isWriteTool, type WriteToolName } from '#shared/agent-tools.ts';
import type { Language } from '#shared/language.ts';

/** What a tool answered: `content` is what the model reads; `ok: false` is a refusal or a failure. */
export type ToolOutcome = { ok: boolean; content: string };

/**
 * What lets the model act in a reply, handed to the chat feature from outside it (the agent-tools feature builds
 * it; app.ts hands it to the chat routes). The loop below offers `definitions`, runs read tools through
 * `runRead`, and collects write tools' calls for a proposal without running them (`isWriteTool` tells which).
 */
export interface ChatToolbox {
  /** Every tool offered to the model, read and write, with its arguments' JSON Schema. */
  readonly definitions: readonly ChatToolDefinition[];
  /**
   * Runs a read tool for the member. `args` is the JSON the model wrote, parsed (an object) but not checked
   * against the tool's schema: that is the toolbox's to do, answering `{ok: false, content: <why>}` on bad
   * arguments. `content` goes to the model as it is (the loop cuts it at `AGENT_TOOL_LIMITS.resultChars`).
   */
  runRead(memberId: number, name: string, args: unknown): Promise<ToolOutcome>;
  /**
   * Looks at a write call as it is collected (optional): `ok: false` answers the model with `content` (say, what
   * is wrong with its arguments, so it can call again) and leaves the call out of the proposal; `ok: true`
   * collects it and answers `content`. Without it every write call is collected and answered `PROPOSED_NOTE`.
   */
  checkWrite?(memberId: number, name: WriteToolName, args: unknown): Promise<ToolOutcome>;
}

/**
 * Builds the toolbox of one reply: `language` is the member's (the tools' words and reasons), `timeZone` the
 * browser's, used when the member's profile names no zone. The app hands one to the chat routes; without it, or
 * for a provider that cannot call tools, replies are plain.
 */
export type ChatToolboxFor = (context: { language: Language; timeZone?: string | undefined }) => ChatToolbox;

/** A write tool's call the model made: not run, collected for the reply's proposal. */
export type AgentWriteCall = { id: string; name: WriteToolName; args: unknown };

export type AgentTurnsInput = {
  provider: ToolCallingChatProvider;
  /** The reply's request as without tools (model, messages, bounds, signal); its `tools` are the toolbox's. */
  request: ChatRequest;
  toolbox: ChatToolbox;
  memberId: number;
};

/** A piece of a streamed reply that may use tools: text, a tool's progress, and (last, once) how it ended. */
export type AgentStreamPiece =
  | { type: 'text'; text: string }
  | { type: 'tool'; name: string; status: 'running' | 'done' | 'failed' }
  | { type: 'end'; writeCalls: AgentWriteCall[]; rounds: number };

export type AgentReply = {
  /** Every round's text, joined by a blank line: what a stream of the same reply shows. */
  text: string;
  model: string;
  writeCalls: AgentWriteCall[];
  /** Rounds of tool calls the reply took (0: it answered at once). */
  rounds: number;
};

/** What a collected write call answers the model: nothing is done until the member applies it. */
export const PROPOSED_NOTE = JSON.stringify({
  status: 'proposed',
  note: 'Not done yet: the member sees this change in a proposal and applies it or not. Tell them what you proposed.',
});

/**
 * The reply loop of a chat reply that may use tools, streamed: yields the text as it arrives, a `tool` piece as
 * each read tool runs (`running`, then `done` or `failed`), and last an `end` piece with the write calls collected.
 *
 * Each round asks the model with the toolbox's tools (`tool_choice: auto`). When it calls tools, the loop sends
 * back its turn and one `tool` message per call, then asks again:
 * - a read tool is run (`runRead`) and its result sent back;
 * - a write tool is not run: its call is collected (at most `AGENT_TOOL_LIMITS.changesPerProposal`) and the
 *   model is told it was proposed;
 * - arguments that are not a JSON object, an unknown tool, a call past `AGENT_TOOL_LIMITS.callsPerRound` in one
 *   round or a write past the proposal's bound are answered with an `{"error": …}` tool message, so the model can
 *   correct itself; a read tool that throws is answered as failed. None of these ends the reply.
 * After `AGENT_TOOL_LIMITS.roundsPerReply` rounds of calls, the model is asked once more with `tool_choice: none`
 * (the tools are still sent, as the conversation holds tool turns): it must answer in words. Calls it makes
 * anyway are ignored, and the reply is what it wrote (maybe nothing).
 *
 * The text of all rounds together is cut at the request's `maxChars` (a later round's text follows a blank line).
 * A provider failure is thrown as it is, whenever it comes (what was yielded stays yielded; no `end`). The
 * request's signal aborts the model call under way, and is checked before each tool runs: a stopped reply
 * throws the signal's reason and collects nothing.
 */
export function streamAgentTurns(input: AgentTurnsInput): AsyncIterable<AgentStreamPiece> {
  return agentTurns(input, (request) => input.provider.streamTurn(request));
}

/** The same loop with whole answers (`complete`): the reply's text, the model that answered and the write calls. */
export async function completeAgentTurns(input: AgentTurnsInput): Promise<AgentReply> {
  let model = input.request.model;
  const ask = async function* (request: ChatRequest): AsyncIterable<ChatStreamPiece> {
    const reply = await input.provider.complete(request);
    model = reply.model;
    if (reply.text !== '') yield { type: 'text', text: reply.text };
    if (reply.toolCalls && reply.toolCalls.length > 0) yield { type: 'tool_calls', calls: reply.toolCalls };
  };
  let text = '';
  for await (const piece of agentTurns(input, ask)) {
    if (piece.type === 'text') text += piece.text;
    if (piece.type === 'end') return { text, model, writeCalls: piece.writeCalls, rounds: piece.rounds };
  }
  throw new Error('the reply loop ended without its end');
}

async function* agentTurns(
  input: AgentTurnsInput,
  ask: (request: ChatRequest) => AsyncIterable<ChatStreamPiece>,
): AsyncGenerator<AgentStreamPiece> {
  const { toolbox, memberId } = input;
  const signal = input.request.signal;
  const known = new Set(toolbox.definitions.map((tool) => tool.name));
  const messages: ChatTurn[] = [...input.request.messages];
  const writeCalls: AgentWriteCall[] = [];
  let textLeft = input.request.maxChars;
  let wroteText = false;

  for (let round = 0; ; round += 1) {
    const mayCall = round < AGENT_TOOL_LIMITS.roundsPerReply;
    let roundText = '';
    let calls: ChatToolCall[] = [];
    for await (const piece of ask({
      ...input.request,
      messages: [...messages],
      tools: toolbox.definitions,
      toolChoice: mayCall ? 'auto' : 'none',
    })) {
      if (piece.type === 'tool_calls') {
        calls = piece.calls;
        continue;
      }
      roundText += piece.text;
      // A later round's text starts after a blank line, so "Let me look." and the answer stay two paragraphs.
      const text = cutAt(wroteText && roundText === piece.text ? `\n\n${piece.text}` : piece.text, textLeft);
      if (text === '') continue;
      textLeft -= text.length;
      wroteText = true;
      yield { type: 'text', text };
    }
    if (calls.length === 0 || !mayCall) {
      yield { type: 'end', writeCalls, rounds: round };
      return;
    }
    signal?.throwIfAborted();
    messages.push({ role: 'assistant', content: roundText, toolCalls: calls });
    for (const [index, call] of calls.entries()) {
      signal?.throwIfAborted();
      let content: string;
      if (index >= AGENT_TOOL_LIMITS.callsPerRound) {
        content = toolError(`Refused: at most ${AGENT_TOOL_LIMITS.callsPerRound} tool calls in one round.`);
      } else if (!known.has(call.name)) {
        content = toolError(`There is no tool named "${cutAt(call.name, 64)}".`);
      } else {
        const args = parseArguments(call.arguments);
        if (!args.ok) {
          if (!isWriteTool(call.name)) yield { type: 'tool', name: call.name, status: 'failed' };
          content = toolError(args.error);
        } else if (isWriteTool(call.name)) {
          content = await collectWrite(call, call.name, args.value);
        } else {
          yield { type: 'tool', name: call.name, status: 'running' };
          const outcome = await runRead(call.name, args.value);
          yield { type: 'tool', name: call.name, status: outcome.ok ? 'done' : 'failed' };
          content = cutAt(outcome.content, AGENT_TOOL_LIMITS.resultChars);
        }
      }
      messages.push({ role: 'tool', toolCallId: call.id, content });
    }
  }

  async function runRead(name: string, args: unknown): Promise<ToolOutcome> {
    try {
      return await toolbox.runRead(memberId, name, args);
    } catch {
      signal?.throwIfAborted();
      // The model learns the tool failed, not why: the reason may be the server's, not for its eyes.
      return { ok: false, content: toolError('The tool failed. Try again later or answer without it.') };
    }
  }

  async function collectWrite(call: ChatToolCall, name: WriteToolName, args: unknown): Promise<string> {
    if (writeCalls.length >= AGENT_TOOL_LIMITS.changesPerProposal) {
      return toolError(
        `Refused: one proposal holds at most ${AGENT_TOOL_LIMITS.changesPerProposal} changes.`,
      );
    }
    const checked = toolbox.checkWrite ? await toolbox.checkWrite(memberId, name, args) : undefined;
    if (checked && !checked.ok) return checked.content;
    writeCalls.push({ id: call.id, name, args });
    return checked?.content ?? PROPOSED_NOTE;
  }
}

/** The arguments the model wrote, as the object they must be; '' (a tool without arguments) is `{}`. */
function parseArguments(raw: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (raw.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'The arguments were not valid JSON. Call the tool again with a JSON object.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'The arguments must be a JSON object. Call the tool again with one.' };
  }
  return { ok: true, value };
}

/** A tool message saying what went wrong, in a shape models read well. */
function toolError(message: string): string {
  return JSON.stringify({ error: message });
}
