import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponse, jsonResponse, stubFetch } from '#web/testing/fetch-stub.ts';
import { ApiError, apiRequest } from './api-client.ts';

const answerSchema = z.object({ ok: z.boolean() });

describe('apiRequest', () => {
  it('sends a GET without a body or content type, same-origin, and parses the answer', async () => {
    const fetchStub = stubFetch(() => jsonResponse({ ok: true }));

    await expect(apiRequest('/api/thing', { schema: answerSchema })).resolves.toEqual({ ok: true });

    const [request] = fetchStub.requests;
    expect(request?.method).toBe('GET');
    expect(request?.body).toBeUndefined();
    expect(request?.headers.get('Content-Type')).toBeNull();
    expect(globalThis.fetch).toHaveBeenCalledWith(
      '/api/thing',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('sends `{}` as JSON on a non-GET request without a payload, because the server refuses anything else', async () => {
    const fetchStub = stubFetch(() => new Response(null, { status: 204 }));

    await apiRequest('/api/things/1/complete', { method: 'PUT' });

    expect(fetchStub.requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(fetchStub.requests[0]?.body).toBe('{}');
  });

  it('sends the payload as JSON on a POST', async () => {
    const fetchStub = stubFetch(() => jsonResponse({ ok: true }, 201));

    await apiRequest('/api/things', { method: 'POST', body: { title: 'Write' }, schema: answerSchema });

    expect(fetchStub.requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(fetchStub.requests[0]?.body ?? '')).toEqual({ title: 'Write' });
  });

  it('turns the error body into an ApiError with status, code, message and fields', async () => {
    stubFetch(() =>
      jsonResponse(
        { error: { code: 'validation_failed', message: 'Check the fields', fields: { title: 'Too long' } } },
        400,
      ),
    );

    const error = await apiRequest('/api/things', { method: 'POST' }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Check the fields',
      fields: { title: 'Too long' },
    });
  });

  it('uses the spec text for a failure when the call has one', async () => {
    stubFetch(() => errorResponse(503, 'database_unavailable'));

    const error = await apiRequest('/api/things', { errorMessage: (status) => `Broke with ${status}` }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toMatchObject({ status: 503, code: 'database_unavailable', message: 'Broke with 503' });
  });

  it('still reports status when the error answer is not our error body', async () => {
    stubFetch(
      () => new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );

    const error = await apiRequest('/api/things').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 502, code: 'unknown' });
  });

  it('rejects an answer that breaks the shared schema', async () => {
    stubFetch(() => jsonResponse({ ok: 'yes' }));

    await expect(apiRequest('/api/thing', { schema: answerSchema })).rejects.toThrow(
      'Unexpected answer from GET /api/thing',
    );
  });
});
