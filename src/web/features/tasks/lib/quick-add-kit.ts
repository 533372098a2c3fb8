/*
 * What the one-line new-task form loads once the member starts typing: the reading of dates and repeats (with
 * chrono-node, the largest part) and the chips that show what it read. Kept out of the dashboard's first load: the
 * chips can only show once the reader has read something.
 */
export { QuickAddChips } from '../components/quick-add-chips.tsx';
export { parseQuickAdd } from '../model/quick-add.ts';
