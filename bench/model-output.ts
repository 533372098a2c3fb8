/**
 * What Lumara does with a model's answer before anyone sees it, timed on the answers that used to stall the
 * server: the prompt optimizer's and the community helpers' cleaning of an answer padded with whitespace inside
 * our own tag, left unclosed (the worst case of the pattern this replaced) or closed, 4,000 characters (what a
 * model can send in one answer) and 100,000. Each figure is the median of repeated runs; the work runs on the
 * server's one event loop, so it is how long every other request waits.
 */
import { performance } from 'node:perf_hooks';
import { cleanOptimizedPrompt } from '../src/server/features/ai/ai.service.ts';
import { cleanHelperAnswer } from '../src/server/features/community/community-ai.service.ts';
import { percentile } from './percentile.ts';

/** Stops repeating a measurement after this long (and after at least one run). */
const BUDGET_MS = 1_000;
const MAX_RUNS = 200;

/**
 * `length` characters: `tag` opened, whitespace of every kind, a word, and (`closed`) more whitespace and the
 * closing tag.
 */
export function whitespaceAnswer(tag: string, length: number, closed: boolean): string {
  const opening = `<${tag}>`;
  const closing = closed ? `</${tag}>` : '';
  const word = 'x';
  const blankLength = length - opening.length - word.length - closing.length;
  const blank = (size: number) => ' \n\t '.repeat(Math.ceil(size / 4)).slice(0, size);
  const before = closed ? Math.floor(blankLength / 2) : blankLength;
  return `${opening}${blank(before)}${word}${blank(blankLength - before)}${closing}`;
}

function medianMs(work: () => void): { medianMs: number; runs: number } {
  const timings: number[] = [];
  const until = performance.now() + BUDGET_MS;
  while (timings.length === 0 || (timings.length < MAX_RUNS && performance.now() < until)) {
    const started = performance.now();
    work();
    timings.push(performance.now() - started);
  }
  return { medianMs: percentile(timings, 50), runs: timings.length };
}

/** Milliseconds past one, microseconds below: the figures span seven orders of magnitude. */
function shown(timing: { medianMs: number; runs: number }): string {
  const time =
    timing.medianMs >= 1 ? `${timing.medianMs.toFixed(0)} ms` : `${(timing.medianMs * 1000).toFixed(1)} µs`;
  return `${time} (${timing.runs} runs)`;
}

export function measureModelOutput(sizes: readonly number[] = [4_000, 100_000]): string[] {
  const lines = ["processing a model's answer of whitespace in our tag (median of runs)"];
  for (const closed of [false, true]) {
    for (const length of sizes) {
      const optimizerAnswer = whitespaceAnswer('prompt', length, closed);
      const helperAnswer = whitespaceAnswer('text', length, closed);
      const optimizer = medianMs(() => cleanOptimizedPrompt(optimizerAnswer));
      const helper = medianMs(() => cleanHelperAnswer(helperAnswer));
      lines.push(
        `  ${closed ? 'closed' : 'unclosed'}, ${length.toLocaleString('en')} characters: prompt optimizer ` +
          `${shown(optimizer)}, community helper ${shown(helper)}`,
      );
    }
  }
  return lines;
}
