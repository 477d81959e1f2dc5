// The command as an MCP client starts it: the SDK's own Client over stdio, spawning the program, with every JSON-RPC
// message (both ways) and everything it wrote to standard error kept for the test to read.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { UserAnswer } from './in-process.js';

export interface StdioSession {
  readonly client: Client;
  /** Every message, both ways, in order. */
  readonly messages: JSONRPCMessage[];
  /** What the program wrote to standard error so far. */
  stderr(): string;
  /** The program's process id. */
  readonly pid: number;
  close(): Promise<void>;
}

export interface StdioSessionOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Record<string, string>;
  readonly cwd?: string;
  /** How the user answers confirmations; `undefined`: a client without elicitation. */
  readonly answer: UserAnswer;
}

export async function openStdioSession(options: StdioSessionOptions): Promise<StdioSession> {
  const transport = new StdioClientTransport({ command: options.command, args: [...options.args], env: options.env, cwd: options.cwd, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const messages: JSONRPCMessage[] = [];
  const recording = new RecordingTransport(transport, (message) => messages.push(message));
  const client = new Client({ name: 'stdio-test', version: '1.0.0' }, { capabilities: options.answer ? { elicitation: { form: {} } } : {} });
  const answer = options.answer;
  if (answer) client.setRequestHandler(ElicitRequestSchema, (request) => answer(request.params));
  try {
    await client.connect(recording);
  } catch (error) {
    throw new Error(`${options.command} ${options.args.join(' ')} did not start as an MCP server (${String(error)}); it wrote:\n${stderr}`);
  }
  return { client, messages, stderr: () => stderr, pid: transport.pid!, close: () => client.close() };
}

/** Resolves once process `pid` is gone (bounded); false if it is still there. */
export async function processEnded(pid: number, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A transport that hands every message, both ways, to `record` before passing it on. */
class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  constructor(
    private readonly inner: Transport,
    private readonly record: (message: JSONRPCMessage) => void,
  ) {
    inner.onmessage = (message) => {
      record(message);
      this.onmessage?.(message);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage): Promise<void> {
    this.record(message);
    return this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
