import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '#server/lib/infra/event-bus.ts';
import type { Task } from '#shared/tasks.ts';
import type { CreatedToken, TokenCall, TokenScope } from '#shared/tokens.ts';
import { signInMember } from '#tests/factories/members.ts';
import { createTaskAs } from '#tests/factories/tasks.ts';
import { type AppOverHttp, serveOverHttp } from '#tests/setup/app-over-http.ts';
import { buildTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let http: AppOverHttp;
beforeAll(async () => {
  t = await buildTestApp();
  http = await serveOverHttp(t);
});
afterAll(async () => {
  await http.close();
  await t.close();
});

async function makeToken(cookie: string, scopes: TokenScope[]): Promise<string> {
  const answer = await t.request('/api/tokens', { method: 'POST', cookie, body: { name: 'Claude', scopes } });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as CreatedToken).token;
}

/** The official SDK's client, as Claude Desktop or Cursor connect: Streamable HTTP with the token as bearer. */
async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'lumara-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as { type: string; text: string }[]).map((part) => part.text).join('');

describe('the MCP server', () => {
  it('initializes and lists the tools the token’s scopes allow, write tools only with the write scope', async () => {
    const { cookie } = await signInMember(t);
    const reader = await connect(await makeToken(cookie, ['mcp', 'tasks:read']));
    try {
      expect(reader.getServerVersion()?.name).toBe('lumara');
      const { tools } = await reader.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['list_tasks', 'search']);
      expect(tools[0]?.inputSchema).toMatchObject({ type: 'object' });
    } finally {
      await reader.close();
    }
    const writer = await connect(await makeToken(cookie, ['mcp', 'tasks:read', 'tasks:write', 'focus:read']));
    try {
      const names = (await writer.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual([
        'list_tasks',
        'search',
        'get_focus_stats',
        'create_task',
        'update_task',
        'complete_task',
        'delete_task',
      ]);
    } finally {
      await writer.close();
    }
  });

  it('refuses create_task to a read-only token as a tool error, and runs it for a write token: the task exists and open pages hear of it', async () => {
    const { cookie, user } = await signInMember(t);
    const reader = await connect(await makeToken(cookie, ['mcp', 'tasks:read']));
    try {
      const refused = await reader.callTool({ name: 'create_task', arguments: { title: 'Buy milk' } });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('create_task');
    } finally {
      await reader.close();
    }
    const seen: Delivery[] = [];
    const stop = t.events.subscribe((delivery) => seen.push(delivery));
    const writer = await connect(await makeToken(cookie, ['mcp', 'tasks:read', 'tasks:write']));
    try {
      const created = await writer.callTool({
        name: 'create_task',
        arguments: { title: 'Buy milk', due_date: '2026-11-30' },
      });
      expect(created.isError).toBeFalsy();
      const tasks = (await (await t.request('/api/tasks', { cookie })).json()) as Task[];
      expect(tasks.map((task) => [task.title, task.due_date])).toEqual([['Buy milk', '2026-11-30']]);
      expect(seen).toContainEqual({
        audience: { kind: 'member', userId: user.id },
        event: { type: 'tasks.changed', data: {} },
      });

      const listed = await writer.callTool({ name: 'list_tasks', arguments: {} });
      expect(textOf(listed)).toContain('Buy milk');
      const bad = await writer.callTool({ name: 'update_task', arguments: { id: 'seven' } });
      expect(bad.isError).toBe(true);
    } finally {
      stop();
      await writer.close();
    }
    // Each call is listed in Settings → Connected apps, newest first.
    const calls = (await (await t.request('/api/tokens/calls', { cookie })).json()) as TokenCall[];
    expect(calls.map((call) => [call.tool, call.ok])).toEqual([
      ['update_task', false],
      ['list_tasks', true],
      ['create_task', true],
      ['create_task', false],
    ]);
  });

  it('never reaches another member’s tasks', async () => {
    const owner = await signInMember(t);
    const task = await createTaskAs(t, owner.cookie, { title: 'Private plan' });
    const other = await signInMember(t);
    const client = await connect(await makeToken(other.cookie, ['mcp', 'tasks:read', 'tasks:write']));
    try {
      expect(textOf(await client.callTool({ name: 'list_tasks', arguments: {} }))).not.toContain(
        'Private plan',
      );
      const refused = await client.callTool({ name: 'complete_task', arguments: { id: task.id } });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).not.toContain('Private plan');
    } finally {
      await client.close();
    }
    const tasks = (await (await t.request('/api/tasks', { cookie: owner.cookie })).json()) as Task[];
    expect(tasks.map((each) => each.status)).toEqual(['todo']);
  });

  it('answers 401 without a token, with a session cookie, or with a revoked one, and 403 to a token without the mcp scope', async () => {
    const { cookie } = await signInMember(t);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${http.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(initialize),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ cookie, origin: http.url })).status).toBe(401);
    const noScope = await post({ authorization: `Bearer ${await makeToken(cookie, ['tasks:read'])}` });
    expect(noScope.status).toBe(403);
    expect(((await noScope.json()) as { error: { code: string } }).error.code).toBe('insufficient_scope');
    expect((await post({ authorization: `Bearer lum_${'x'.repeat(43)}` })).status).toBe(401);
  });

  it('refuses a body too large, malformed JSON-RPC, and GET or DELETE (stateless), as client errors', async () => {
    const { cookie } = await signInMember(t);
    const token = await makeToken(cookie, ['mcp', 'tasks:read']);
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const huge = await fetch(`${http.url}/mcp`, {
      method: 'POST',
      headers,
      body: `{"pad":"${'a'.repeat(300_000)}"}`,
    });
    expect(huge.status).toBe(413);
    // Stateless: no server-sent stream to open and no session to end.
    for (const method of ['GET', 'DELETE']) {
      expect((await fetch(`${http.url}/mcp`, { method, headers })).status).toBe(405);
    }
    const garbage = await fetch(`${http.url}/mcp`, { method: 'POST', headers, body: '{not json' });
    expect(garbage.status).toBeGreaterThanOrEqual(400);
    expect(garbage.status).toBeLessThan(500);
  });
});
