import { act, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { aiDiagResponseSchema } from '#shared/ai.ts';
import { buildAiDiag } from '#tests/factories/build-ai-diag.ts';
import { contractAnswer } from '#tests/web-kit/http-answers.ts';
import { server } from '#tests/web-kit/msw-server.ts';
import { renderWithQuery } from '#tests/web-kit/render-with-query.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { AiStatusCard } from './ai-status-card.tsx';

function serveDiag(overrides: Parameters<typeof buildAiDiag>[0] = {}) {
  server.use(
    http.get('/api/_debug/ai-diag', () => contractAnswer(aiDiagResponseSchema, buildAiDiag(overrides))),
  );
}

describe('AiStatusCard', () => {
  it('names each missing service and the variable the operator sets', async () => {
    serveDiag({ core: true, openrouter: true });
    renderWithQuery(<AiStatusCard />);
    expect(screen.getByRole('heading', { name: 'AI Services' })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'fal.ai images, video and audio: the operator must set FAL_KEY.',
      'Straico models and media: the operator must set STRAICO_API_KEY.',
    ]);
  });

  it('speaks Spanish when the interface does, switching without a reload', async () => {
    serveDiag({ core: true, openrouter: true, straico: true });
    renderWithQuery(<AiStatusCard />);
    expect(await screen.findByText('Not configured on this server yet:')).toBeInTheDocument();

    await act(() => activateLanguage('es'));
    expect(screen.getByRole('heading', { name: 'Servicios de IA' })).toBeInTheDocument();
    expect(screen.getByText('Todavía sin configurar en este servidor:')).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent(
      'Imágenes, video y audio de fal.ai: quien administra el servidor debe configurar FAL_KEY.',
    );
  });

  it('says so when every service is configured', async () => {
    serveDiag({ core: true, fal: true, openrouter: true, straico: true });
    renderWithQuery(<AiStatusCard />);
    expect(await screen.findByText('Every AI service is configured.')).toBeInTheDocument();
  });
});
