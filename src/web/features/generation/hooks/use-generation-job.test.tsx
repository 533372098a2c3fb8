import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GenerationAnswer } from '#shared/generation.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import {
  buildAnswer,
  failedAnswer,
  readyAnswer,
  serveGeneration,
} from '#tests/web-kit/generation/generation-handlers.ts';
import { errorResponse } from '#tests/web-kit/http-answers.ts';
import { requestsTo, sentRequests } from '#tests/web-kit/msw-server.ts';
import { renderWithQuery } from '#tests/web-kit/render-with-query.tsx';
import { type PollSchedule, studioPollSchedule } from '../model/poll-schedule.ts';
import { useGenerationJob } from './use-generation-job.ts';

/** Quick enough for real timers; the studio's own schedule is checked with fake ones below. */
const fast: PollSchedule = { maxAttempts: 4, delayMs: () => 15 };

function JobView({ seed, schedule }: { seed: GenerationAnswer; schedule: PollSchedule }) {
  const job = useGenerationJob(seed, schedule);
  if (!job) return null;
  return (
    <div>
      <p data-testid="phase">{job.phase}</p>
      <p data-testid="attempts">{job.attemptsMade}</p>
      <p data-testid="urls">{job.answer.urls.join(' ')}</p>
      <button type="button" onClick={job.checkAgain}>
        Check again
      </button>
    </div>
  );
}

const phase = () => screen.getByTestId('phase').textContent;
const attempts = () => Number(screen.getByTestId('attempts').textContent);

afterEach(() => {
  vi.useRealTimers();
});

describe('useGenerationJob', () => {
  it('checks a pending job on the schedule until it is ready, then stops', async () => {
    const seed = buildAnswer();
    serveGeneration({
      resumable: [seed],
      onStatus: (job, check) => (check < 3 ? job : readyAnswer(job, ['https://files.example/one.png'])),
    });
    renderWithQuery(<JobView seed={seed} schedule={fast} />);

    expect(phase()).toBe('generating');
    expect(attempts()).toBe(0);
    await waitFor(() => expect(phase()).toBe('ready'));
    expect(attempts()).toBe(3);
    expect(screen.getByTestId('urls')).toHaveTextContent('https://files.example/one.png');
    const statusPath = `/api/ai/image/status?provider=fal&jobId=${seed.jobId}`;
    expect(requestsTo(statusPath)).toHaveLength(3);

    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(requestsTo(statusPath)).toHaveLength(3);
  });

  it('stops with the failure the provider gave', async () => {
    const seed = buildAnswer({ provider: 'straico', media_type: 'video' });
    serveGeneration({
      resumable: [seed],
      onStatus: (job) => failedAnswer(job, 'Content policy violation'),
    });
    renderWithQuery(<JobView seed={seed} schedule={fast} />);

    await waitFor(() => expect(phase()).toBe('failed'));
    // Straico's video and audio are checked at their own route.
    expect(requestsTo(`/api/straico/status/${seed.jobId}`)).toHaveLength(1);
  });

  it('times out when the schedule runs out of checks while the job is still pending', async () => {
    const seed = buildAnswer();
    serveGeneration({ resumable: [seed] });
    renderWithQuery(<JobView seed={seed} schedule={fast} />);

    await waitFor(() => expect(phase()).toBe('timed-out'));
    expect(attempts()).toBe(fast.maxAttempts);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(sentRequests()).toHaveLength(fast.maxAttempts);
  });

  it('says when a check failed, and checks again on request until the job is ready', async () => {
    const seed = buildAnswer();
    let failing = true;
    const server = serveGeneration({
      resumable: [seed],
      onStatus: (job, check) =>
        failing
          ? errorResponse(404, 'not_found', 'There is no such job')
          : check >= 3
            ? readyAnswer(job, ['https://files.example/late.png'])
            : job,
    });
    renderWithQuery(<JobView seed={seed} schedule={fast} />);

    await waitFor(() => expect(phase()).toBe('status-failed'));
    expect(attempts()).toBe(1);
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(phase()).toBe('ready'));
    expect(server.checksOf(seed.jobId)).toBe(3);
  });

  it('follows the studio schedule: the first check 5 s after the start, then every 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seed = buildAnswer();
    const server = serveGeneration({ resumable: [seed] });
    renderWithQuery(<JobView seed={seed} schedule={studioPollSchedule} />);

    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(server.checksOf(seed.jobId)).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(server.checksOf(seed.jobId)).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(4_800));
    expect(server.checksOf(seed.jobId)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() => expect(server.checksOf(seed.jobId)).toBe(2));
    expect(takeConsoleErrors()).toEqual([]);
  });

  it('times out after 60 checks on the studio schedule, about 5 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seed = buildAnswer();
    const server = serveGeneration({ resumable: [seed] });
    renderWithQuery(<JobView seed={seed} schedule={studioPollSchedule} />);

    for (let check = 1; check <= 60; check += 1) {
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      await waitFor(() => expect(server.checksOf(seed.jobId)).toBe(check));
    }
    await waitFor(() => expect(phase()).toBe('timed-out'));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(server.checksOf(seed.jobId)).toBe(60);
  });
});
