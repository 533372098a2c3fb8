import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { sentRequests, server } from '#tests/web-kit/msw-server.ts';
import { ApiError, answerOf, api } from './api-client.ts';

const task = {
  id: 7,
  title: 'Write',
  status: 'todo',
  labels: [],
  due_date: null,
  position: 0,
  created_at: '2026-11-25T09:00:00.000Z',
  completed_at: null,
};

describe('the typed API client', () => {
  it('sends a GET without a body or content type, same-origin, asking for JSON', async () => {
    // Watched, not replaced (MSW still answers): the arguments the call was made with.
    vi.spyOn(globalThis, 'fetch');
    server.use(http.get('/api/tasks', () => HttpResponse.json([task])));

    await expect(answerOf(api.tasks.$get())).resolves.toEqual([task]);

    const [request] = sentRequests();
    expect(request).toMatchObject({ method: 'GET', path: '/api/tasks', body: undefined });
    expect(request?.headers.get('Content-Type')).toBeNull();
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(globalThis.fetch).toHaveBeenCalledWith(
      '/api/tasks',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('sends a write with no payload without a body or content type (the server takes bodyless writes)', async () => {
    server.use(http.delete('/api/tasks/:id', () => HttpResponse.json({ success: true })));

    await answerOf(api.tasks[':id'].$delete({ param: { id: '7' } }));

    expect(sentRequests()[0]).toMatchObject({ method: 'DELETE', path: '/api/tasks/7', body: undefined });
    expect(sentRequests()[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('sends the payload as JSON on a POST, and passes the abort signal on', async () => {
    // Watched, not replaced (MSW still answers): the signal the call was made with.
    vi.spyOn(globalThis, 'fetch');
    server.use(http.post('/api/tasks', () => HttpResponse.json(task, { status: 201 })));
    const controller = new AbortController();

    await expect(
      answerOf(
        api.tasks.$post({ json: { title: 'Write' }, header: {} }, { init: { signal: controller.signal } }),
      ),
    ).resolves.toEqual(task);

    expect(sentRequests()[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(sentRequests()[0]?.body ?? '')).toEqual({ title: 'Write' });
    expect(vi.mocked(fetch).mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });

  it('turns the error body into an ApiError with status, code, message and fields', async () => {
    server.use(
      http.post('/api/tasks', () =>
        HttpResponse.json(
          {
            error: { code: 'validation_failed', message: 'Check the fields', fields: { title: 'Too long' } },
          },
          { status: 400 },
        ),
      ),
    );

    const error = await answerOf(api.tasks.$post({ json: { title: 'x' }, header: {} })).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Check the fields',
      fields: { title: 'Too long' },
    });
  });

  it('uses the call’s own failure text when it has one', async () => {
    server.use(http.get('/api/tasks', () => errorResponse(503, 'database_unavailable')));

    const error = await answerOf(api.tasks.$get(), {
      errorMessage: (status) => `Broke with ${status}`,
    }).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 503, code: 'database_unavailable', message: 'Broke with 503' });
  });

  it('still reports status when the error answer is not our error body', async () => {
    server.use(
      http.get(
        '/api/tasks',
        () =>
          new HttpResponse('<h1>Bad gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
      ),
    );

    const error = await answerOf(api.tasks.$get()).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 502, code: 'unknown' });
  });
});
