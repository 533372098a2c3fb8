import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { chatThreadDetailSchema, NEW_CHAT_TITLE } from '#shared/chat.ts';
import { researchResponseSchema } from '#shared/research.ts';
import { contractAnswer } from '#tests/web-kit/http-answers.ts';
import { renderStudio } from '#tests/web-kit/studio/render-studio.tsx';
import {
  buildMessage,
  buildQuickActions,
  buildResearch,
  buildThread,
  serveStudio,
} from '#tests/web-kit/studio/studio-handlers.ts';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';

const providerSelect = (name: string) => screen.getByRole('combobox', { name });

describe('StudioPage in Spanish', () => {
  it('switches every text without a reload: tabs, model groups, threads, quick actions and counts', async () => {
    const thread = buildThread({ title: NEW_CHAT_TITLE });
    const messages = [
      buildMessage(thread.id, { content: 'Hola' }),
      buildMessage(thread.id, { role: 'assistant', content: '¡Hola!' }),
    ];
    serveStudio({
      threads: [thread],
      quickActions: buildQuickActions(),
      overrides: [
        // The newest page only: the conversation says how many it shows.
        http.get('/api/chat/thread/:id', () =>
          contractAnswer(chatThreadDetailSchema, { thread, messages, memory: '', hasMore: true }),
        ),
      ],
    });
    renderStudio();
    await waitFor(() => expect(providerSelect('Provider')).toBeEnabled());
    expect(await screen.findByText('Showing the latest 2 messages.')).toBeInTheDocument();

    await act(() => activateLanguage('es'));

    expect(screen.getByRole('heading', { level: 1, name: 'Estudio de IA' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Chat de IA' })).toBeInTheDocument();
    expect(providerSelect('Proveedor')).toHaveValue('openrouter');
    const groups = providerSelect('Modelo').querySelectorAll('optgroup');
    expect(Array.from(groups, (group) => group.label)).toEqual(['OpenRouter · Chat', 'OpenRouter · Imagen']);
    const auto = screen.getByRole('option', { name: 'Automático (el mejor modelo para cada prompt)' });
    expect(auto).toHaveProperty('selected', true);

    const threads = screen.getByRole('navigation', { name: 'Hilos de chat' });
    const current = within(threads).getByRole('button', { current: true });
    expect(current.firstElementChild).toHaveTextContent('Nuevo chat');
    const updated = new Intl.DateTimeFormat('es', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(Date.parse(thread.updated_at));
    expect(current).toHaveTextContent(updated);
    expect(within(threads).getByRole('button', { name: 'Archivar Nuevo chat' })).toBeInTheDocument();

    const log = screen.getByRole('log', { name: 'Conversación' });
    expect(within(log).getByText('Se muestran los últimos 2 mensajes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resumir' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Eliminar la acción rápida Investigación a fondo' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toHaveAttribute(
      'placeholder',
      'Pregúntale lo que quieras a Lumara…',
    );
    expect(screen.getByRole('switch', { name: 'Sistema Lumara' })).toBeChecked();
    expect(screen.getByText('Activado · Predeterminado')).toBeInTheDocument();
  });

  it('shows research results with their count in Spanish, one and many', async () => {
    let count = 1;
    serveStudio({
      threads: [buildThread()],
      overrides: [
        http.post('/api/research', () =>
          contractAnswer(researchResponseSchema, buildResearch({ query: 'ranas', count })),
        ),
      ],
    });
    await act(() => activateLanguage('es'));
    const { user } = renderStudio();
    await waitFor(() => expect(providerSelect('Proveedor')).toBeEnabled());
    const input = screen.getByRole('textbox', { name: 'Mensaje' });
    const log = screen.getByRole('log', { name: 'Conversación' });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Investigar' }));
    expect(alert).toHaveBeenCalledWith('Primero escribe un tema de investigación ✍️');
    alert.mockRestore();

    await user.type(input, 'ranas');
    await user.click(screen.getByRole('button', { name: 'Investigar' }));
    const first = await within(log).findByRole('article', { name: 'Investigación: ranas' });
    expect(within(first).getByText('1 trabajo desde 2016')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Copiar referencias' })).toBeInTheDocument();

    count = 12345;
    await user.type(input, 'ranas');
    await user.click(screen.getByRole('button', { name: 'Investigar' }));
    await waitFor(() => expect(within(log).getAllByRole('article')).toHaveLength(2));
    expect(within(log).getByText('12.345 trabajos desde 2016')).toBeInTheDocument();
  });
});
