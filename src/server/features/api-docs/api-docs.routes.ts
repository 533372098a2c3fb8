import { z } from 'zod';
import { apiRoute, createApiRouter, json } from '#server/lib/http/api-route.ts';
import { createOpenApiDocument, type DeclaredApi } from './openapi-document.ts';
import { REFERENCE_SCRIPT_PATH, referencePageHtml, referenceScript } from './reference-page.ts';

const DOCUMENT_PATH = '/api/openapi.json';

const html = (description: string) =>
  ({ description, content: { 'text/html': { schema: z.string() } } }) as const;

export const apiDocsRoutes = {
  document: apiRoute({
    method: 'get',
    path: DOCUMENT_PATH,
    operationId: 'getOpenApiDocument',
    public: true,
    tags: ['API reference'],
    summary: 'This document: the OpenAPI 3.1 description of every route',
    responses: { 200: json(z.looseObject({ openapi: z.string() }), 'The OpenAPI document') },
  }),
  page: apiRoute({
    method: 'get',
    path: '/api/docs',
    operationId: 'getApiReferencePage',
    public: true,
    tags: ['API reference'],
    summary: 'The API reference page',
    responses: { 200: html('A page that reads the OpenAPI document') },
  }),
  script: apiRoute({
    method: 'get',
    path: REFERENCE_SCRIPT_PATH,
    operationId: 'getApiReferenceScript',
    public: true,
    tags: ['API reference'],
    summary: "The reference page's script",
    responses: {
      200: { description: 'JavaScript', content: { 'text/javascript': { schema: z.string() } } },
    },
  }),
};

/** The OpenAPI document of `api` (every route declared on it) and a reference page that shows it. */
export function createApiDocsRoutes(api: DeclaredApi) {
  const documentOf = createOpenApiDocument(api);
  const page = referencePageHtml(DOCUMENT_PATH);
  return createApiRouter()
    .openapi(apiDocsRoutes.document, (c) => c.json(documentOf(), 200))
    .openapi(apiDocsRoutes.page, (c) => c.html(page, 200))
    .openapi(apiDocsRoutes.script, (c) => {
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      c.header('Cache-Control', 'private, max-age=86400');
      return c.body(referenceScript(), 200);
    });
}
