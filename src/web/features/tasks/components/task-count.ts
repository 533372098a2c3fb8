/** "1 task", "3 tasks". */
export function taskCountText(count: number): string {
  return `${count} ${count === 1 ? 'task' : 'tasks'}`;
}
