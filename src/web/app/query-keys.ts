/**
 * Query-key prefixes that more than one feature touches. Features do not import each other; when one changes
 * data another shows (completing a task moves the dashboard stats and may earn a badge), it invalidates by
 * these prefixes.
 */
export const queryKeys = {
  tasks: ['tasks'] as const,
  badges: ['badges'] as const,
  dashboardStats: ['dashboard', 'stats'] as const,
  pomodoro: ['pomodoro'] as const,
};
