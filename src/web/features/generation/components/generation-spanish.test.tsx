import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAnswer, serveGeneration } from '#tests/web-kit/generation/generation-handlers.ts';
import { requestsTo } from '#tests/web-kit/msw-server.ts';
import { renderWithMember } from '#tests/web-kit/render-with-member.tsx';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import type { TrackedJob } from '../hooks/use-generation-job.ts';
import { FalImageForm } from './fal-image-form.tsx';
import { JobProgress } from './job-progress.tsx';

const models = [{ id: 'fal-ai/flux/schnell', name: 'FLUX.1 [schnell]' }];

function trackedJob(overrides: Partial<TrackedJob>): TrackedJob {
  return {
    answer: buildAnswer(),
    phase: 'generating',
    attemptsMade: 2,
    maxAttempts: 60,
    checking: false,
    checkAgain: () => {},
    ...overrides,
  };
}

describe('generation forms in Spanish', () => {
  it('labels the fal.ai image form and words the schema’s refusals in Spanish', async () => {
    serveGeneration();
    await act(() => activateLanguage('es'));
    const { user } = renderWithMember(<FalImageForm models={models} modelsState="ready" />);

    const form = screen.getByRole('region', { name: 'Imagen con fal.ai' });
    expect(within(form).getByRole('combobox', { name: 'Tamaño de imagen' })).toHaveDisplayValue(
      'Horizontal 4:3',
    );
    const steps = within(form).getByRole('spinbutton', { name: 'Pasos de inferencia' });
    const count = within(form).getByRole('spinbutton', { name: 'Cantidad de imágenes' });
    await user.type(within(form).getByRole('textbox', { name: 'Prompt' }), 'Un loro');
    await user.clear(steps);
    await user.type(steps, '60');
    await user.clear(count);
    await user.type(count, '0');
    await user.click(within(form).getByRole('button', { name: 'Generar imagen' }));

    expect(within(form).getByText('El máximo de pasos es 50')).toBeInTheDocument();
    expect(within(form).getByText('El mínimo de imágenes es 1')).toBeInTheDocument();
    expect(requestsTo('/api/fal/image', 'POST')).toHaveLength(0);

    // Switching back rewords the same refusals: nothing is kept in the language it was first said in.
    await act(() => activateLanguage('en'));
    expect(within(form).getByText('Steps is at most 50')).toBeInTheDocument();
  });

  it('says how a job is doing in Spanish', async () => {
    await act(() => activateLanguage('es'));
    const { rerender } = renderWithMember(<JobProgress job={trackedJob({})} />);
    expect(screen.getByRole('status')).toHaveTextContent('Generando… (comprobación 3 de 60)');

    rerender(<JobProgress job={trackedJob({ phase: 'status-failed' })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No pudimos comprobar el estado');
    expect(screen.getByRole('button', { name: 'Comprobar de nuevo' })).toBeInTheDocument();
  });
});
